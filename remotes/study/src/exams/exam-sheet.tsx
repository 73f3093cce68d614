import { useEffect, useState } from 'react';
import { Button, Space } from 'antd';
import { Progress } from '@yaoshi/ui/site-progress';
import { Result } from '@yaoshi/ui/site-result';
import { Modal } from '@yaoshi/ui/lazy-modal';
import { useNavigate } from '@yaoshi/ui/router';
import type { ExamPaper, ExamResult } from '@yaoshi/contracts/exams';
import { EXAM_MESSAGES } from '@yaoshi/contracts/exam-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import { useExamAnswerMutation, useExamRecordMutation } from './exam-api';
import { AFTER_EXAM_ROUTE, reviewExamRoute } from './exam-routes';
import { ExamCarousel } from './exam-carousel';
import {
  clearExamProgress,
  openingPage,
  readExamPage,
  savedAnswersOf,
  unansweredCount,
  writeExamPage,
} from './exam-progress';
import { QuestionCard } from '@yaoshi/ui/exam-question-card';

export interface ExamSheetProps {
  paper: ExamPaper;
  /** Loads the paper again from the server; resolves with it. */
  reload: () => Promise<ExamPaper>;
}

/** The submit confirmation's text: how many questions are still unanswered (issue 16 item 15). */
export function submitConfirmText(unanswered: number, total: number): string {
  return unanswered > 0
    ? `还有 ${unanswered} 题未作答（共 ${total} 题），未作答的题目按答错计。提交后不能再修改，确定提交吗？`
    : `${total} 题已全部作答。提交后不能再修改，确定提交吗？`;
}

/**
 * Taking a paper: the carousel, one locked answer per question, each answer saved on the
 * server as it is given (so a reload or another browser resumes it; on a refused save the
 * paper is loaded again and the server's record wins), the page kept in localStorage, then
 * a confirmed submission and the result page.
 */
export function ExamSheet({ paper, reload }: ExamSheetProps) {
  const navigate = useNavigate();
  const total = paper.questions.length;
  const [answers, setAnswers] = useState<Record<string, string>>(() => savedAnswersOf(paper.questions));
  const [page, setPage] = useState(() =>
    openingPage(readExamPage(localStorage, paper.pid, total), paper.questions, savedAnswersOf(paper.questions)),
  );
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ExamResult | null>(null);
  const [saveAnswer] = useExamAnswerMutation();
  const [submit, { isLoading: submitting }] = useExamRecordMutation();

  // The paper loaded again (a refused save, a refetch): the server's record wins.
  useEffect(() => setAnswers(savedAnswersOf(paper.questions)), [paper]);

  useEffect(() => {
    if (result === null) writeExamPage(localStorage, paper.pid, page);
  }, [paper.pid, page, result]);

  const answered = total - unansweredCount(paper.questions, answers);
  const isLast = page === total - 1;

  const answer = (qid: number, value: string) => {
    if (answers[qid] !== undefined) return;
    setAnswers((state) => ({ ...state, [qid]: value }));
    saveAnswer({ pid: paper.pid, qid, user_answer: value })
      .unwrap()
      // The error catalogue has shown the server's message; show what the server holds.
      .catch(() =>
        reload()
          .then((fresh) => setAnswers(savedAnswersOf(fresh.questions)))
          .catch(() => undefined),
      );
  };

  const onSubmit = () => {
    setConfirming(false);
    submit({
      pid: paper.pid,
      questions: paper.questions.map((q) => ({ qid: q.qid, user_answer: answers[q.qid] ?? '' })),
    })
      .unwrap()
      .then((scored) => {
        clearExamProgress(localStorage, paper.pid);
        setResult(scored);
        showMessage(EXAM_MESSAGES.submitted);
      })
      .catch(() => undefined); // the error catalogue shows the server's message
  };

  if (result !== null) {
    return (
      <Result
        status="success"
        title="练习已提交"
        subTitle={
          <span data-testid="exam-result">
            共 {result.num} 题，答对 {result.right} 题，答错 {result.wrong} 题
          </span>
        }
        extra={[
          <Button key="back" type="primary" onClick={() => void navigate(AFTER_EXAM_ROUTE)}>
            返回我的课程
          </Button>,
          <Button key="review" onClick={() => void navigate(reviewExamRoute(paper.pid))}>
            查看解析
          </Button>,
        ]}
      />
    );
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Progress percent={(answered / total) * 100} label="答题进度" text={`已答 ${answered} / ${total}`} />
      <ExamCarousel
        page={page}
        slides={paper.questions.map((question, index) => (
          <QuestionCard
            key={question.qid}
            question={question}
            index={index}
            total={total}
            answer={answers[question.qid]}
            onAnswer={(value) => answer(question.qid, value)}
          />
        ))}
      />
      <Space data-testid="exam-buttons" style={{ width: '100%', justifyContent: 'center' }}>
        <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
          上一题
        </Button>
        {isLast ? (
          <Button type="primary" loading={submitting} onClick={() => setConfirming(true)}>
            提交
          </Button>
        ) : (
          <Button type="primary" onClick={() => setPage(page + 1)}>
            下一题
          </Button>
        )}
      </Space>
      <Modal
        title="确认提交"
        open={confirming}
        okText="确定提交"
        cancelText="继续作答"
        onOk={onSubmit}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <p data-testid="submit-confirm-text">{submitConfirmText(total - answered, total)}</p>
      </Modal>
    </Space>
  );
}
