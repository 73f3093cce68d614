import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import {
  JUDGE_OPTIONS,
  MAX_OPTIONS,
  QUESTION_TYPE,
  QUESTION_TYPE_TEXT,
  QUESTION_TYPE_VALUES,
  answerText,
  encodeAnswer,
  decodeAnswer,
  joinOptions,
  optionLetter,
  type QuestionType,
} from '@yaoshi/contracts/exam-rules';
import { QUESTION_TITLE_MAX_LENGTH, questionProblems } from '@yaoshi/contracts/question-bank-rules';
import type { BankQuestion } from '@yaoshi/contracts/question-banks';
import { QuestionCard } from '@yaoshi/ui/exam-question-card';
import { showMessage } from '@yaoshi/ui/show-message';
import { useQuestionCreateMutation, useQuestionUpdateMutation } from './question-banks-api';

/** A new choice question starts with four option boxes (A–D), as most real ones have. */
const FIRST_OPTION_COUNT = 4;

interface Draft {
  qtype: QuestionType;
  title: string;
  options: string[];
  answer: number[];
}

const emptyDraft = (): Draft => ({
  qtype: QUESTION_TYPE.single,
  title: '',
  options: Array.from({ length: FIRST_OPTION_COUNT }, () => ''),
  answer: [],
});

function draftOf(question: BankQuestion): Draft {
  return {
    qtype: question.qtype,
    title: question.title,
    options: question.qtype === QUESTION_TYPE.judge ? emptyDraft().options : [...question.options],
    answer: decodeAnswer(question.answer),
  };
}

/**
 * Adds a question to a course's bank, or edits one. The rules are the import's
 * (question-bank-rules.ts): their reasons show before anything is sent, and the server
 * checks again (a duplicate stem included).
 */
export function QuestionFormDialog({
  open,
  cid,
  editing,
  onClose,
}: {
  open: boolean;
  cid: number;
  /** The question being edited; null adds one. */
  editing: BankQuestion | null;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [problems, setProblems] = useState<string[]>([]);
  const [create, creating] = useQuestionCreateMutation();
  const [update, updating] = useQuestionUpdateMutation();

  useEffect(() => {
    if (open) {
      setDraft(editing ? draftOf(editing) : emptyDraft());
      setProblems([]);
    }
  }, [open, editing]);

  const judge = draft.qtype === QUESTION_TYPE.judge;
  const choices = judge ? [...JUDGE_OPTIONS] : draft.options;
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const save = async () => {
    const fields = {
      qtype: draft.qtype,
      title: draft.title,
      options: judge ? [] : draft.options,
      answer: encodeAnswer(draft.answer),
    };
    const found = questionProblems(fields);
    setProblems(found);
    if (found.length > 0) return;
    try {
      const saved = editing
        ? await update({ qid: editing.qid, ...fields }).unwrap()
        : await create({ cid, ...fields }).unwrap();
      showMessage(saved.replaced_qid !== null ? '已保存为新题目，原题目已用于试卷，保留供回顾' : '题目已保存', {
        type: 'success',
      });
      onClose();
    } catch {
      // shown by the error catalogue (e.g. a duplicate stem)
    }
  };

  return (
    <Modal
      title={editing ? '编辑题目' : '新增题目'}
      open={open}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      okText="保存"
      cancelText="取消"
      confirmLoading={creating.isLoading || updating.isLoading}
      onOk={() => void save()}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} aria-label="题目">
        {editing && editing.used > 0 && (
          <Alert
            type="info"
            showIcon
            title={`该题已用于${editing.used}份试卷：保存后将作为新题目加入题库，原题目停用并保留，已提交试卷的回顾不变。`}
          />
        )}
        <Space>
          <span>题型</span>
          <Select<QuestionType>
            aria-label="题型"
            style={{ width: 140 }}
            value={draft.qtype}
            onChange={(qtype) => set({ qtype, answer: [] })}
            options={QUESTION_TYPE_VALUES.map((value) => ({ value, label: QUESTION_TYPE_TEXT[value] }))}
          />
        </Space>
        <Input.TextArea
          aria-label="题干"
          placeholder="题干"
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={QUESTION_TITLE_MAX_LENGTH}
          value={draft.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        {!judge && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {draft.options.map((option, i) => (
              <Input
                key={i}
                aria-label={`选项${optionLetter(i + 1)}`}
                prefix={`${optionLetter(i + 1)}.`}
                value={option}
                onChange={(event) =>
                  set({ options: draft.options.map((old, j) => (j === i ? event.target.value : old)) })
                }
              />
            ))}
            <Space>
              <Button
                size="small"
                disabled={draft.options.length >= MAX_OPTIONS}
                onClick={() => set({ options: [...draft.options, ''] })}
              >
                添加选项
              </Button>
              <Button
                size="small"
                disabled={draft.options.length <= 2}
                onClick={() =>
                  set({
                    options: draft.options.slice(0, -1),
                    answer: draft.answer.filter((n) => n < draft.options.length),
                  })
                }
              >
                删除最后一个选项
              </Button>
            </Space>
          </Space>
        )}
        <Space wrap>
          <span>答案</span>
          {draft.qtype === QUESTION_TYPE.multiple ? (
            <Checkbox.Group
              aria-label="答案"
              value={draft.answer}
              onChange={(values) => set({ answer: values })}
              options={choices.map((_, i) => ({ value: i + 1, label: optionLetter(i + 1) }))}
            />
          ) : (
            <Radio.Group
              aria-label="答案"
              value={draft.answer[0]}
              onChange={(event) => set({ answer: [Number(event.target.value)] })}
              options={choices.map((choice, i) => ({ value: i + 1, label: judge ? choice : optionLetter(i + 1) }))}
            />
          )}
        </Space>
        {problems.length > 0 && <Alert type="error" showIcon title="请修改后保存" description={problems.join('；')} />}
      </Space>
    </Modal>
  );
}

/**
 * A bank question exactly as a learner meets it in a paper: the paper's own question card
 * (shared with the study remote), answerable here without saving anything, and the key.
 */
export function QuestionPreviewDialog({ question, onClose }: { question: BankQuestion | null; onClose: () => void }) {
  const [answer, setAnswer] = useState<string | undefined>(undefined);
  useEffect(() => setAnswer(undefined), [question]);
  return (
    <Modal
      title="预览（学员试卷中的样子）"
      open={question !== null}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setAnswer(undefined)}>重新作答</Button>
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      {question && (
        <section aria-label="题目预览">
          <QuestionCard
            key={`${question.qid}-${answer === undefined ? 'open' : 'answered'}`}
            question={{
              qid: question.qid,
              qtype: question.qtype,
              title: question.title,
              options: joinOptions(question.options),
              answer: null,
              user_answer: '',
              is_right: null,
            }}
            index={0}
            total={1}
            answer={answer}
            onAnswer={setAnswer}
          />
          <Typography.Paragraph type="secondary" style={{ paddingInline: 24 }}>
            {`正确答案：${answerText(question.qtype, question.answer)}`}
            {answer !== undefined && `；所选：${answerText(question.qtype, answer)}`}
          </Typography.Paragraph>
        </section>
      )}
    </Modal>
  );
}
