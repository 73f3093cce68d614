import { useState } from 'react';
import { Button, Checkbox, Radio, Space } from 'antd';
import { Tag } from './site-tag';
import { Text, Title } from './typography';
import type { ExamQuestion } from '@yaoshi/contracts/exams';
import {
  EXAM_MESSAGES,
  QUESTION_TYPE,
  QUESTION_TYPE_TEXT,
  answerText,
  decodeAnswer,
  encodeAnswer,
  optionLetter,
  splitOptions,
} from '@yaoshi/contracts/exam-rules';
import { showMessage } from './show-message';
import { tokens } from './site-tokens';

/**
 * The chosen option of an answered (locked) question: dark blue text (antd's
 * colorPrimaryTextActive) on a pale blue ground (8.8:1), ruled in the site's blue. antd
 * draws every option of a disabled group in its disabled grey (1.9:1 on white), the chosen
 * one included, which left it hard to find. In review, a correct choice keeps its green
 * (green-8 on this ground is 5:1).
 */
const CHOSEN_OPTION_STYLE = {
  color: tokens.colorPrimaryTextActive,
  background: tokens.colorInfoBg,
  fontWeight: 600,
  padding: '2px 8px',
  borderRadius: 4,
  boxShadow: `inset 3px 0 0 ${tokens.colorPrimary}`,
} as const;

/**
 * The other options of a locked question stay legible: the muted grey (7:1 on white), not
 * antd's disabled grey (1.9:1), which a learner could not read back.
 */
const UNCHOSEN_OPTION_STYLE = { color: tokens.colorTextDescription } as const;

export interface QuestionCardProps {
  question: ExamQuestion;
  /** 0-based position in the paper. */
  index: number;
  total: number;
  /** The learner's answer: once given, the question is locked. */
  answer: string | undefined;
  /** Absent in review mode. */
  onAnswer?: (answer: string) => void;
}

/**
 * One question of a practice paper as the learner sees it (spec 02 §4), shared by the study
 * remote's carousel and the console's preview of a bank question (issue 20), so the preview
 * cannot drift from the paper. One question of the carousel: single and true/false questions are answered
 * by choosing, a multiple-choice question by choosing and confirming; an answered question
 * is locked. In review mode it shows the correct answer beside the learner's.
 */
export function QuestionCard({ question, index, total, answer, onAnswer }: QuestionCardProps) {
  const options = splitOptions(question.options);
  const review = onAnswer === undefined;
  const locked = review || answer !== undefined;
  const chosen = decodeAnswer(answer ?? '');
  const [draft, setDraft] = useState<number[]>([]);
  const correct = new Set(review ? decodeAnswer(question.answer ?? '') : []);
  const marked = new Set(locked ? chosen : []);
  // A locked question's chosen options keep a clear mark (antd greys every disabled option);
  // in review the correct options are green: the learner sees the key at its place, not only as letters.
  const labelOf = (n: number) => (
    <span
      style={{
        ...(locked ? (marked.has(n) ? CHOSEN_OPTION_STYLE : UNCHOSEN_OPTION_STYLE) : undefined),
        ...(correct.has(n) ? { color: tokens.colorTextSuccess, fontWeight: 600 } : undefined),
      }}
    >{`${optionLetter(n)}. ${options[n - 1]}`}</span>
  );

  const confirmMultiple = () => {
    if (draft.length === 0) {
      showMessage(EXAM_MESSAGES.chooseMultiple, { type: 'warning' });
      return;
    }
    onAnswer?.(encodeAnswer(draft));
  };

  return (
    <section aria-label={`第${index + 1}题`} style={{ padding: '16px 24px' }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Tag color="blue">{QUESTION_TYPE_TEXT[question.qtype]}</Tag>
          <Text type="secondary">
            第 {index + 1} / {total} 题
          </Text>
        </div>
        <Title level={5} style={{ margin: 0 }}>
          {question.title}
        </Title>
        {question.qtype === QUESTION_TYPE.multiple ? (
          <Checkbox.Group
            value={locked ? chosen : draft}
            disabled={locked}
            onChange={(values) => setDraft(values)}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={options.map((_, i) => ({ value: i + 1, label: labelOf(i + 1) }))}
          />
        ) : (
          <Radio.Group
            value={chosen[0]}
            disabled={locked}
            onChange={(event) => onAnswer?.(String(event.target.value))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={options.map((_, i) => ({ value: i + 1, label: labelOf(i + 1) }))}
          />
        )}
        {question.qtype === QUESTION_TYPE.multiple && !locked && (
          <Button type="primary" onClick={confirmMultiple} style={{ alignSelf: 'flex-start' }}>
            确定答案
          </Button>
        )}
        {review && (
          <div data-testid="review-answers">
            <Space wrap>
              {question.is_right ? <Tag color="green">回答正确</Tag> : <Tag color="red">回答错误</Tag>}
              <span>正确答案：{answerText(question.qtype, question.answer)}</span>
              <span>你的答案：{answerText(question.qtype, question.user_answer)}</span>
            </Space>
          </div>
        )}
      </Space>
    </section>
  );
}
