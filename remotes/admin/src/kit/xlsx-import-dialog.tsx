import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { showError, showMessage } from '@yaoshi/ui/show-message';
import { XLSX_TYPE, downloadBase64, fileToBase64 } from '@yaoshi/ui/download';

/** What every import's check reports: rows read, rows that pass, and each failed row with its reasons. */
export interface ImportCheckReport<Failed extends { row: number }> {
  rows: number;
  valid: number;
  failed: Failed[];
}

export interface XlsxImportDialogProps<Failed extends { row: number }, Report extends ImportCheckReport<Failed>> {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the operator reads first: the template, the limits, what confirming does. */
  intro: string;
  /** A file larger than this is refused before it is sent. */
  maxBytes?: number;
  maxBytesMessage?: string;
  fetchTemplate: () => Promise<{ file_name: string; xlsx_base64: string }>;
  templateLoading: boolean;
  check: (fileBase64: string) => Promise<Report>;
  checking: boolean;
  /** Imports what the report showed; resolves to the success message. */
  confirm: (fileBase64: string, report: Report) => Promise<string>;
  confirming: boolean;
  failedColumns: ColumnsType<Failed>;
  /** The report's headline, and what it means for the import. */
  summary: (report: Report) => { ok: boolean; title: string; description: string };
  confirmText: (report: Report | null) => string;
  canConfirm: (report: Report) => boolean;
  /** More of the report, under its headline. */
  details?: (report: Report) => ReactNode;
}

/**
 * The console's .xlsx import (issues 18 and 20): download the template, choose the filled
 * file, read the server's check of every row — nothing is written yet — then confirm.
 */
export function XlsxImportDialog<Failed extends { row: number }, Report extends ImportCheckReport<Failed>>(
  props: XlsxImportDialogProps<Failed, Report>,
) {
  const { open, onClose, check, confirm, summary } = props;
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [report, setReport] = useState<Report | null>(null);

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
      const result = await props.fetchTemplate();
      downloadBase64(result.file_name, result.xlsx_base64, XLSX_TYPE);
    } catch {
      // shown by the error catalogue
    }
  };

  const choose = async (chosen: File) => {
    reset();
    if (props.maxBytes !== undefined && chosen.size > props.maxBytes) {
      showError(props.maxBytesMessage ?? '文件过大');
      return;
    }
    try {
      const base64 = await fileToBase64(chosen);
      setFile({ name: chosen.name, base64 });
      setReport(await check(base64));
    } catch {
      // shown by the error catalogue; the operator chooses again
      setFile(null);
    }
  };

  const importFile = async () => {
    if (!file || !report) return;
    try {
      showMessage(await confirm(file.base64, report), { type: 'success' });
      close();
    } catch {
      // shown by the error catalogue (e.g. the records changed since the check: check again)
      reset();
    }
  };

  const headline = report ? summary(report) : null;
  return (
    <Modal
      title={props.title}
      open={open}
      onCancel={close}
      width={820}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button
            type="primary"
            disabled={!report || !props.canConfirm(report)}
            loading={props.confirming}
            onClick={() => void importFile()}
          >
            {props.confirmText(report)}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{props.intro}</Typography.Paragraph>
        <Space wrap>
          <Button loading={props.templateLoading} onClick={() => void downloadTemplate()}>
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
            <Button type="primary" ghost loading={props.checking}>
              选择文件并检查
            </Button>
          </Upload>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Space>
        {report && headline && (
          <section aria-label="检查结果">
            <Alert
              type={headline.ok ? 'success' : 'warning'}
              showIcon
              title={headline.title}
              description={headline.description}
            />
            {props.details?.(report)}
            {report.failed.length > 0 && (
              <Table<Failed>
                style={{ marginTop: 12 }}
                aria-label="未通过的行"
                size="small"
                rowKey="row"
                columns={props.failedColumns}
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
