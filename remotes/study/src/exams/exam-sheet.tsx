import { useEffect, useState } from 'react';
import { Button, Progress, Result, Space } from 'antd';
import { useNavigate } from '@yaoshi/ui/router';
import type { ExamPaper, ExamResult } from '@yaoshi/contracts/exams';
import { EXAM_MESSAGES, splitOptions } from '@yaoshi/contracts/exam-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import { useExamRecordMutation } from './exam-api';
import { AFTER_EXAM_ROUTE, reviewExamRoute } from './exam-routes';
import { ExamCarousel } from './exam-carousel';
import { clearExamProgress, readExamProgress, writeExamProgress, type ExamProgress } from './exam-progress';
import { QuestionCard } from './question-card';

/**
 * Taking a paper: the carousel, one locked answer per question, the answers and page kept
 * in localStorage so a reload resumes, then submission and the result page.
 */
export function ExamSheet({ paper }: { paper: ExamPaper }) {
  const navigate = useNavigate();
  const qids = paper.questions.map((question) => question.qid);
  const [progress, setProgress] = useState<ExamProgress>(() => readExamProgress(localStorage, paper.pid, qids));
  const [result, setResult] = useState<ExamResult | null>(null);
  const [submit, { isLoading: submitting }] = useExamRecordMutation();

  useEffect(() => {
    if (result === null) writeExamProgress(localStorage, paper.pid, progress);
  }, [paper.pid, progress, result]);

  const total = paper.questions.length;
  const answered = paper.questions.filter((question) => progress.answers[question.qid] !== undefined).length;
  const current = paper.questions[progress.page];
  const currentAnswered = current !== undefined && progress.answers[current.qid] !== undefined;
  const isLast = progress.page === total - 1;

  const goTo = (page: number) => setProgress((state) => ({ ...state, page }));
  const answer = (qid: number, value: string) =>
    setProgress((state) => (state.answers[qid] !== undefined ? state : { ...state, answers: { ...state.answers, [qid]: value } }));

  const onSubmit = () => {
    submit({ pid: paper.pid, questions: paper.questions.map((q) => ({ qid: q.qid, user_answer: progress.answers[q.qid] ?? '' })) })
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
          <Button key="back" type="primary" onClick={() => navigate(AFTER_EXAM_ROUTE)}>
            返回我的课程
          </Button>,
          <Button key="review" onClick={() => navigate(reviewExamRoute(paper.pid))}>
            查看解析
          </Button>,
        ]}
      />
    );
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Progress percent={Math.round((answered / total) * 100)} format={() => `已答 ${answered} / ${total}`} />
      <ExamCarousel
        page={progress.page}
        optionCount={current ? splitOptions(current.options).length : 0}
        slides={paper.questions.map((question, index) => (
          <QuestionCard
            key={question.qid}
            question={question}
            index={index}
            total={total}
            answer={progress.answers[question.qid]}
            onAnswer={(value) => answer(question.qid, value)}
          />
        ))}
      />
      <Space style={{ width: '100%', justifyContent: 'center' }}>
        <Button disabled={progress.page === 0} onClick={() => goTo(progress.page - 1)}>
          上一题
        </Button>
        {isLast ? (
          <Button type="primary" disabled={answered < total} loading={submitting} onClick={onSubmit}>
            提交
          </Button>
        ) : (
          <Button type="primary" disabled={!currentAnswered} onClick={() => goTo(progress.page + 1)}>
            下一题
          </Button>
        )}
      </Space>
    </Space>
  );
}
