import { useState } from 'react';
import { Alert, Button, Popconfirm, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QUESTION_TYPE_TEXT, QUESTION_TYPE_VALUES, optionLetter } from '@yaoshi/contracts/exam-rules';
import {
  QUESTION_BANK_MESSAGES,
  QUESTION_IMPORT_MAX_BYTES,
  QUESTION_IMPORT_MAX_ROWS,
  answerToText,
  countsText,
  type BankReadiness,
} from '@yaoshi/contracts/question-bank-rules';
import type { BankQuestion, QuestionImportReport } from '@yaoshi/contracts/question-banks';
import { showMessage } from '@yaoshi/ui/show-message';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  FilterBar,
  ellipsisColumn,
  useListState,
  type FilterField,
  useSearchAgain,
} from '../kit/list-kit';
import { XlsxImportDialog } from '../kit/xlsx-import-dialog';
import {
  useBankCoursesQuery,
  useBankQuestionsQuery,
  useLazyQuestionImportTemplateQuery,
  useQuestionDeleteMutation,
  useQuestionImportCheckMutation,
  useQuestionImportConfirmMutation,
} from './question-banks-api';
import { QuestionFormDialog, QuestionPreviewDialog } from './question-dialogs';

export const QUESTION_BANK_PAGE_TEXTS = {
  chooseCourse: '请选择年度和课程',
  noCourses: '该年度还没有课程',
  deleted: '题目已删除',
  retired: '该题已用于学员试卷，已停用并保留供回顾',
} as const;

const FILTERS: readonly FilterField[] = [
  { name: 'keyword', label: '关键词', placeholder: '题干或选项', width: 200 },
  {
    name: 'qtype',
    label: '题型',
    kind: 'select',
    options: QUESTION_TYPE_VALUES.map((value) => ({ value, label: QUESTION_TYPE_TEXT[value] })),
    width: 120,
  },
];

/** The bank against one paper, as staff read it: ready, or what is short and what that means for learners. */
export function readinessText(bank: BankReadiness): { ok: boolean; title: string } {
  const need = countsText(bank.required);
  const have = countsText(bank.counts);
  return bank.enough
    ? { ok: true, title: `题库可以组卷：每份练习试卷抽取${need}；现有${have}。` }
    : {
        ok: false,
        title: `题库题量不足，学员暂不能生成该课程的练习试卷：每份试卷需${need}，现有${have}。`,
      };
}

/** 题库管理 (课程管理, issue 20): a course's practice questions — list, search, import, add, edit, preview, delete. */
export function QuestionBanksPage() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const [chosenCid, setChosenCid] = useState<number | undefined>(undefined);
  const list = useListState();
  const courses = useBankCoursesQuery(year === undefined ? {} : { year });
  const courseList = courses.data?.courses ?? [];
  const cid = chosenCid !== undefined && courseList.some((c) => c.cid === chosenCid) ? chosenCid : courseList[0]?.cid;
  const qtype = list.filters['qtype'];
  const keyword = list.filters['keyword'];
  const questions = useBankQuestionsQuery(
    {
      cid: cid ?? 0,
      page: list.page,
      size: list.size,
      ...(typeof keyword === 'string' ? { keyword } : {}),
      ...(qtype === 1 || qtype === 2 || qtype === 3 ? { qtype } : {}),
    },
    { skip: cid === undefined },
  );
  useSearchAgain(list, questions);
  const [remove] = useQuestionDeleteMutation();
  const [editing, setEditing] = useState<BankQuestion | null>(null);
  const [adding, setAdding] = useState(false);
  const [previewing, setPreviewing] = useState<BankQuestion | null>(null);
  const [importing, setImporting] = useState(false);

  const removeQuestion = async (question: BankQuestion) => {
    try {
      const result = await remove({ qid: question.qid }).unwrap();
      showMessage(result.outcome === 'deleted' ? QUESTION_BANK_PAGE_TEXTS.deleted : QUESTION_BANK_PAGE_TEXTS.retired, {
        type: 'success',
      });
    } catch {
      // shown by the error catalogue
    }
  };

  const columns: ColumnsType<BankQuestion> = [
    {
      title: '题型',
      key: 'qtype',
      width: 90,
      render: (_: unknown, row) => <Tag color="blue">{QUESTION_TYPE_TEXT[row.qtype]}</Tag>,
    },
    { title: '题干', dataIndex: 'title', key: 'title', ...ellipsisColumn() },
    {
      title: '选项',
      key: 'options',
      width: 260,
      ellipsis: { showTitle: true },
      render: (_: unknown, row) => row.options.map((option, i) => `${optionLetter(i + 1)}. ${option}`).join('；'),
    },
    { title: '答案', key: 'answer', width: 80, render: (_: unknown, row) => answerToText(row.qtype, row.answer) },
    { title: '已用于试卷', dataIndex: 'used', key: 'used', width: 110 },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: COLUMN_WIDTH.twoButtons + 60,
      render: (_: unknown, row) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setPreviewing(row)}>
            预览
          </Button>
          <Button size="small" type="link" onClick={() => setEditing(row)}>
            编辑
          </Button>
          <Popconfirm
            title={row.used > 0 ? '该题已用于学员试卷，将停用并保留供回顾。确定？' : '删除这道题目？'}
            okText="确定"
            cancelText="取消"
            onConfirm={() => void removeQuestion(row)}
          >
            <Button size="small" type="link" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const course = questions.data?.course ?? courseList.find((c) => c.cid === cid);
  const readiness = course ? readinessText(course.bank) : null;

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>年度</span>
        <Select<number>
          aria-label="年度"
          style={{ width: 120 }}
          value={courses.data?.year ?? undefined}
          onChange={(value) => {
            setYear(value);
            setChosenCid(undefined);
            list.setFilters({});
          }}
          options={(courses.data?.years ?? []).map((value) => ({ value, label: `${value}年度` }))}
        />
        <span>课程</span>
        <Select<number>
          aria-label="课程"
          style={{ width: 420 }}
          showSearch={{ optionFilterProp: 'title' }}
          value={cid}
          placeholder={courseList.length === 0 ? QUESTION_BANK_PAGE_TEXTS.noCourses : '请选择课程'}
          onChange={(value) => {
            setChosenCid(value);
            list.setFilters({});
          }}
          // The chosen course as text: its shortage is the alert below, not a tag cut off in the box.
          labelRender={({ value }) => {
            const chosen = courseList.find((c) => c.cid === value);
            return chosen ? `${chosen.name}（${chosen.kind_text}）` : '';
          }}
          options={courseList.map((c) => ({
            value: c.cid,
            title: c.name,
            label: (
              <Space size={4}>
                <span>{`${c.name}（${c.kind_text}）`}</span>
                {!c.bank.enough && <Tag color="orange">题量不足</Tag>}
              </Space>
            ),
          }))}
        />
      </Space>
      {cid === undefined || !course ? (
        <Alert type="info" showIcon title={QUESTION_BANK_PAGE_TEXTS.chooseCourse} />
      ) : (
        <>
          {readiness && (
            <Alert
              style={{ marginBottom: 16 }}
              type={readiness.ok ? 'success' : 'warning'}
              showIcon
              title={readiness.title}
              data-testid="bank-readiness"
            />
          )}
          <FilterBar
            fields={FILTERS}
            onSearch={list.setFilters}
            extra={
              <>
                <Button onClick={() => setAdding(true)}>新增题目</Button>
                <Button type="primary" ghost onClick={() => setImporting(true)}>
                  导入题目
                </Button>
              </>
            }
          />
          <ConsoleTable<BankQuestion>
            label="题目"
            rowKey="qid"
            columns={columns}
            query={questions}
            rows={questions.data?.list ?? []}
            total={questions.data?.total ?? 0}
            list={list}
          />
          <QuestionFormDialog
            open={adding || editing !== null}
            cid={cid}
            editing={editing}
            onClose={() => {
              setAdding(false);
              setEditing(null);
            }}
          />
          <ImportQuestionsDialog
            open={importing}
            cid={cid}
            courseName={course.name}
            onClose={() => setImporting(false)}
          />
        </>
      )}
      <QuestionPreviewDialog question={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}

type FailedRow = QuestionImportReport['failed'][number];

const FAILED_COLUMNS: ColumnsType<FailedRow> = [
  { title: '行号', dataIndex: 'row', key: 'row', width: 70 },
  { title: '题干', dataIndex: 'title', key: 'title', ...ellipsisColumn(260) },
  { title: '原因', key: 'reasons', render: (_: unknown, row) => row.reasons.join('；') },
];

/** The course's import: the console's upload → report → confirm, all rows or none. */
function ImportQuestionsDialog({
  open,
  cid,
  courseName,
  onClose,
}: {
  open: boolean;
  cid: number;
  courseName: string;
  onClose: () => void;
}) {
  const [fetchTemplate, template] = useLazyQuestionImportTemplateQuery();
  const [check, checking] = useQuestionImportCheckMutation();
  const [confirm, confirming] = useQuestionImportConfirmMutation();
  return (
    <XlsxImportDialog<FailedRow, QuestionImportReport>
      open={open}
      onClose={onClose}
      title={`导入题目：${courseName}`}
      intro={`请先下载模板，按模板填写单选题、多选题、判断题后上传（.xlsx，不超过${QUESTION_IMPORT_MAX_BYTES / 1024 / 1024} MB，一次最多${QUESTION_IMPORT_MAX_ROWS}行）。上传后逐行检查，确认前不会导入任何题目；只要有一行未通过，整个文件都不会导入。`}
      maxBytes={QUESTION_IMPORT_MAX_BYTES}
      maxBytesMessage={QUESTION_BANK_MESSAGES.fileTooLarge}
      fetchTemplate={() => fetchTemplate().unwrap()}
      templateLoading={template.isFetching}
      check={(file_base64) => check({ cid, file_base64 }).unwrap()}
      checking={checking.isLoading}
      confirm={async (file_base64, report) => {
        const result = await confirm({ cid, file_base64, rows: report.valid }).unwrap();
        return `已导入${result.imported}道题目`;
      }}
      confirming={confirming.isLoading}
      failedColumns={FAILED_COLUMNS}
      summary={(report) =>
        report.failed.length === 0
          ? {
              ok: true,
              title: `共${report.rows}行，全部通过检查：将导入${countsText(report.adds)}`,
              description: readinessText(report.bank_after).title.replace('题库', '导入后题库'),
            }
          : {
              ok: false,
              title: `共${report.rows}行：${report.failed.length}行未通过检查，不能导入`,
              description: '请按下表修改这些行后重新上传；修改前不会导入任何题目。',
            }
      }
      confirmText={(report) => (report && report.failed.length === 0 ? `确认导入${report.valid}道题目` : '确认导入')}
      canConfirm={(report) => report.failed.length === 0 && report.valid > 0}
    />
  );
}
