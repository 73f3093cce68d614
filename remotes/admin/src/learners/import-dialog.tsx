import type { ColumnsType } from 'antd/es/table';
import type { ImportReport } from '@yaoshi/contracts/learner-admin';
import { IMPORT_MAX_ROWS } from '@yaoshi/contracts/learner-admin';
import {
  useLazyLearnerImportTemplateQuery,
  useLearnerImportCheckMutation,
  useLearnerImportConfirmMutation,
} from '../admin-api';
import { XlsxImportDialog } from '../kit/xlsx-import-dialog';

type FailedRow = ImportReport['failed'][number];

const FAILED_COLUMNS: ColumnsType<FailedRow> = [
  { title: '行号', dataIndex: 'row', key: 'row', width: 70 },
  { title: '姓名', dataIndex: 'name', key: 'name', width: 110 },
  { title: '身份证号', dataIndex: 'idcard', key: 'idcard', width: 190 },
  { title: '原因', key: 'reasons', render: (_: unknown, row) => row.reasons.join('；') },
];

/**
 * 学员管理's import (issue 18): download the template, choose the filled .xlsx, read the
 * server's check of every row, then confirm the valid rows — imported together or not at all.
 */
export function ImportLearnersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [fetchTemplate, template] = useLazyLearnerImportTemplateQuery();
  const [check, checking] = useLearnerImportCheckMutation();
  const [confirm, confirming] = useLearnerImportConfirmMutation();
  return (
    <XlsxImportDialog<FailedRow, ImportReport>
      open={open}
      onClose={onClose}
      title="导入学员"
      intro={`请先下载模板，按模板填写后上传（.xlsx，一次最多${IMPORT_MAX_ROWS}行）。上传后逐行检查，确认前不会导入任何学员；确认后有效的学员一次全部导入，初始密码为身份证号后6位。`}
      fetchTemplate={() => fetchTemplate().unwrap()}
      templateLoading={template.isFetching}
      check={(file_base64) => check({ file_base64 }).unwrap()}
      checking={checking.isLoading}
      confirm={async (file_base64, report) => {
        const result = await confirm({ file_base64, valid: report.valid }).unwrap();
        return `已导入${result.imported}名学员`;
      }}
      confirming={confirming.isLoading}
      failedColumns={FAILED_COLUMNS}
      summary={(report) => ({
        ok: report.failed.length === 0,
        title: `共${report.rows}行：可导入${report.valid}行，未通过${report.failed.length}行`,
        description: report.failed.length > 0 ? '未通过的行不会导入；可修改后另行导入。' : '全部通过检查，确认后导入。',
      })}
      confirmText={(report) => (report ? `确认导入${report.valid}名学员` : '确认导入')}
      canConfirm={(report) => report.valid > 0}
    />
  );
}
