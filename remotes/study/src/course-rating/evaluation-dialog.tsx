import { useState } from 'react';
import { Input, Modal, Radio, Space } from 'antd';
import { Text } from '@yaoshi/ui/typography';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { EVALUATION_GRADES } from '@yaoshi/contracts/study-rules';
import { showMessage } from '@yaoshi/ui/show-message';

/**
 * spec 02 §4, §5: rate a finished course 1–4 (required) with an optional comment. At the end
 * of a lesson it must be answered; opened by 评价 (`onCancel` given) it can be closed.
 */
export function EvaluationDialog({
  onSubmit,
  submitting,
  onCancel,
  courseName,
}: {
  onSubmit: (grade: number, comment: string) => void;
  submitting: boolean;
  onCancel?: () => void;
  /** Named when opened from a list, so the learner sees which course she rates. */
  courseName?: string;
}) {
  const [grade, setGrade] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  return (
    <Modal
      open
      title={courseName ? `课程评价：${courseName}` : '课程评价'}
      closable={onCancel !== undefined}
      mask={{ closable: false }}
      okText="提交评价"
      {...(onCancel ? { onCancel, cancelText: '以后再评' } : { cancelButtonProps: { style: { display: 'none' } } })}
      confirmLoading={submitting}
      onOk={() => {
        if (grade === null) {
          showMessage(M.gradeRequired, { type: 'warning' });
          return;
        }
        onSubmit(grade, comment.trim());
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Text>您已学完本课程，请评价本课程的满意度：</Text>
        <Radio.Group value={grade} onChange={(event) => setGrade(Number(event.target.value))} aria-label="满意度">
          {EVALUATION_GRADES.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Radio.Group>
        <Input.TextArea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={500}
          rows={3}
          placeholder="意见或建议（选填）"
        />
      </Space>
    </Modal>
  );
}
