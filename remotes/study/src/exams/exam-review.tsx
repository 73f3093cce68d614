import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useNavigate } from '@yaoshi/ui/router';
import type { ExamPaper } from '@yaoshi/contracts/exams';
import { ExamCarousel } from './exam-carousel';
import { AFTER_EXAM_ROUTE, EXAM_LIST_ROUTE } from './exam-routes';
import { QuestionCard } from '@yaoshi/ui/exam-question-card';

/** A submitted paper: each question with the correct answer and the learner's own (spec 02 §4). */
export function ExamReview({ paper }: { paper: ExamPaper }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const total = paper.questions.length;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={
          <span data-testid="exam-score">
            试卷 {paper.pid}（{paper.create_time}）：共 {total} 题，答对 {paper.right} 题，答错 {paper.wrong} 题
          </span>
        }
      />
      <ExamCarousel
        page={page}
        slides={paper.questions.map((question, index) => (
          <QuestionCard
            key={question.qid}
            question={question}
            index={index}
            total={total}
            answer={question.user_answer || undefined}
          />
        ))}
      />
      <Space style={{ width: '100%', justifyContent: 'center' }}>
        <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
          上一题
        </Button>
        <Button disabled={page === total - 1} onClick={() => setPage(page + 1)}>
          下一题
        </Button>
        <Button type="primary" onClick={() => void navigate(EXAM_LIST_ROUTE)}>
          返回练习列表
        </Button>
        <Button onClick={() => void navigate(AFTER_EXAM_ROUTE)}>返回我的课程</Button>
      </Space>
    </Space>
  );
}
