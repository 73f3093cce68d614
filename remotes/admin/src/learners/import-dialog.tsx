import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ImportReport } from '@yaoshi/contracts/admin';
import { IMPORT_MAX_ROWS } from '@yaoshi/contracts/admin';
import { showMessage } from '@yaoshi/ui/show-message';
import {
  useLazyLearnerImportTemplateQuery,
  useLearnerImportCheckMutation,
  useLearnerImportConfirmMutation,
} from '../admin-api';
import { XLSX_TYPE, downloadBase64, fileToBase64 } from '../kit/download';

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
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const reset = () => {
    setFile(null);
    setReport(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const downloadTemplate = async () => {
    try {
      const result = await fetchTemplate().unwrap();
      downloadBase64(result.file_name, result.xlsx_base64, XLSX_TYPE);
    } catch {
      // shown by the error catalogue
    }
  };

  const choose = async (chosen: File) => {
    reset();
    try {
      const base64 = await fileToBase64(chosen);
      setFile({ name: chosen.name, base64 });
      setReport(await check({ file_base64: base64 }).unwrap());
    } catch {
      // shown by the error catalogue; the operator chooses again
      setFile(null);
    }
  };

  const importValid = async () => {
    if (!file || !report) return;
    try {
      const result = await confirm({ file_base64: file.base64, valid: report.valid }).unwrap();
      showMessage(`已导入${result.imported}名学员`, { type: 'success' });
      close();
    } catch {
      // shown by the error catalogue (e.g. accounts changed since the check: check again)
      setReport(null);
      setFile(null);
    }
  };

  return (
    <Modal
      title="导入学员"
      open={open}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button
            type="primary"
            disabled={!report || report.valid === 0}
            loading={confirming.isLoading}
            onClick={() => void importValid()}
          >
            {report ? `确认导入${report.valid}名学员` : '确认导入'}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {`请先下载模板，按模板填写后上传（.xlsx，一次最多${IMPORT_MAX_ROWS}行）。上传后逐行检查，确认前不会导入任何学员；确认后有效的学员一次全部导入，初始密码为身份证号后6位。`}
        </Typography.Paragraph>
        <Space>
          <Button loading={template.isFetching} onClick={() => void downloadTemplate()}>
            下载模板
          </Button>
          <Upload
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              void choose(chosen);
              return false;
            }}
          >
            <Button type="primary" ghost loading={checking.isLoading}>
              选择文件并检查
            </Button>
          </Upload>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Space>
        {report && (
          <section aria-label="检查结果">
            <Alert
              type={report.failed.length === 0 ? 'success' : 'warning'}
              showIcon
              title={`共${report.rows}行：可导入${report.valid}行，未通过${report.failed.length}行`}
              description={
                report.failed.length > 0 ? '未通过的行不会导入；可修改后另行导入。' : '全部通过检查，确认后导入。'
              }
            />
            {report.failed.length > 0 && (
              <Table<FailedRow>
                style={{ marginTop: 12 }}
                aria-label="未通过的行"
                size="small"
                rowKey="row"
                columns={FAILED_COLUMNS}
                dataSource={report.failed}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
              />
            )}
          </section>
        )}
      </Space>
    </Modal>
  );
}
