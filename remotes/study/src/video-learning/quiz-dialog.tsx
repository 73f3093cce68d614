import { useState } from 'react';
import { Modal, Radio, Space } from 'antd';
import { Text } from '@yaoshi/ui/typography';
import type { QuizQuestion } from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { showMessage } from '@yaoshi/ui/show-message';

/**
 * A public lesson's quiz pop-up (spec 02 §5, §7): an answer is required; the server checks
 * it — wrong: choose again; right: 提交成功 and the lesson continues.
 */
export function QuizDialog({
  question,
  onAnswer,
  submitting,
}: {
  question: QuizQuestion;
  onAnswer: (letter: string) => void;
  submitting: boolean;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <Modal
      open
      title="随堂测验"
      closable={false}
      mask={{ closable: false }}
      okText="提交"
      cancelButtonProps={{ style: { display: 'none' } }}
      confirmLoading={submitting}
      onOk={() => {
        if (choice === null) {
          showMessage(M.chooseAnswer, { type: 'warning' });
          return;
        }
        onAnswer(choice);
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Text strong>{question.title}</Text>
        <Radio.Group value={choice} onChange={(event) => setChoice(String(event.target.value))} aria-label="选项">
          <Space orientation="vertical">
            {question.pc_options.map((option) => (
              <Radio key={option.letter} value={option.letter}>
                {option.letter}. {option.text}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Space>
    </Modal>
  );
}
