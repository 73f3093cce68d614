import { z } from 'zod';
import {
  EXAM_TYPE,
  JUDGE_OPTIONS,
  QUESTION_TYPE,
  type ExamType,
  type QuestionType,
} from '@yaoshi/contracts/exam-rules';
import { readDemoData } from './demo-data';

/**
 * The demo practice question bank (`api/demo/exam-questions.json`): real questions of a
 * pharmacist's continuing education (rational drug use, antibacterials, antidotes,
 * prescription rules, the Drug Administration Law) for professional papers, and of the public
 * subjects (professional ethics, public health emergencies, personal information protection,
 * research integrity) for public papers. Keys are 1-based option numbers, several joined by
 * commas for multiple choice; true/false questions have no options in the file and take
 * 正确 / 错误 (1 = 正确, 2 = 错误, as `JUDGE_ANSWER`).
 */
export interface BankQuestion {
  examType: ExamType;
  qtype: QuestionType;
  title: string;
  options: readonly string[];
  answer: string;
}

const questionSchema = z
  .object({
    qtype: z.union([
      z.literal(QUESTION_TYPE.single),
      z.literal(QUESTION_TYPE.multiple),
      z.literal(QUESTION_TYPE.judge),
    ]),
    title: z.string().min(1),
    options: z.array(z.string().min(1)),
    answer: z.string().regex(/^\d+(,\d+)*$/),
  })
  .refine(
    (q) =>
      q.answer
        .split(',')
        .every((n) => Number(n) >= 1 && Number(n) <= (q.qtype === QUESTION_TYPE.judge ? 2 : q.options.length)),
    {
      message: 'the answer names an option the question does not have',
    },
  );

const bankSchema = z.object({ professional: z.array(questionSchema), public: z.array(questionSchema) });

function bankOf(examType: ExamType, questions: readonly z.infer<typeof questionSchema>[]): BankQuestion[] {
  return questions.map(({ qtype, title, options, answer }) => ({
    examType,
    qtype,
    title,
    options: qtype === QUESTION_TYPE.judge ? JUDGE_OPTIONS : options,
    answer,
  }));
}

const bank = readDemoData('exam-questions.json', bankSchema);
export const PROFESSIONAL_QUESTIONS: readonly BankQuestion[] = bankOf(EXAM_TYPE.professional, bank.professional);
export const PUBLIC_QUESTIONS: readonly BankQuestion[] = bankOf(EXAM_TYPE.public, bank.public);
export const QUESTION_BANK: readonly BankQuestion[] = [...PROFESSIONAL_QUESTIONS, ...PUBLIC_QUESTIONS];
