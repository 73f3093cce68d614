import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  reportExportInProgress,
  type ReportExport,
  type ReportExportStatus,
  type ReportKind,
} from '@yaoshi/contracts/reports';
import { XLSX_TYPE, downloadBase64 } from '@yaoshi/ui/download';
import { showMessage } from '@yaoshi/ui/show-message';
import { ACTIONS_COLUMN_KEY, ConsoleTable } from '../kit/list-kit';
import { useExportReportMutation, useLazyExportFileQuery, useReportExportsQuery } from './reports-api';

/** How often the page asks about exports in the queue or being made. */
export const EXPORT_POLL_MS = 2000;

export const EXPORT_TEXTS = {
  title: '导出记录',
  started: (fileName: string) => `正在生成 ${fileName}，完成后自动下载`,
  done: (fileName: string) => `已导出 ${fileName}`,
  failed: (fileName: string, reason: string) => `${fileName} 生成失败：${reason}`,
  download: '下载',
  expired: '文件已过期',
} as const;

const STATUS_COLORS: Record<ReportExportStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/**
 * 统计报表's exports (issue 21): asking for one records it and a job makes the file; the page
 * follows the list every EXPORT_POLL_MS while one is in the queue or being made, and saves
 * each export asked for here once it is 已完成 (or says why it failed).
 */
export function useReportExports() {
  const [requestExport] = useExportReportMutation();
  const [fetchFile] = useLazyExportFileQuery();
  /** Exports asked for on this page and not yet saved, by id. */
  const awaiting = useRef(new Map<number, ReportKind>());
  const [, setAwaitingCount] = useState(0);
  const [requesting, setRequesting] = useState<ReportKind | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [poll, setPoll] = useState(false);
  const exportsQuery = useReportExportsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: poll ? EXPORT_POLL_MS : 0,
  });
  const list = exportsQuery.data?.list;

  const forget = (exportId: number) => {
    awaiting.current.delete(exportId);
    setAwaitingCount(awaiting.current.size);
  };

  const download = useCallback(
    async (exportId: number) => {
      setDownloading(exportId);
      try {
        const file = await fetchFile(exportId).unwrap();
        downloadBase64(file.file_name, file.xlsx_base64, XLSX_TYPE);
        showMessage(EXPORT_TEXTS.done(file.file_name), { type: 'success' });
      } catch {
        // shown by the error catalogue
      } finally {
        setDownloading(null);
      }
    },
    [fetchFile],
  );

  useEffect(() => {
    setPoll(awaiting.current.size > 0 || (list ?? []).some((entry) => reportExportInProgress(entry.status)));
    for (const entry of list ?? []) {
      if (!awaiting.current.has(entry.export_id) || reportExportInProgress(entry.status)) continue;
      forget(entry.export_id);
      if (entry.status === 'done') void download(entry.export_id);
      else showMessage(EXPORT_TEXTS.failed(entry.file_name, entry.reason), { type: 'error' });
    }
  }, [list, download]);

  const request = async (year: number, report: ReportKind) => {
    setRequesting(report);
    try {
      const created = await requestExport({ year, report }).unwrap();
      awaiting.current.set(created.export_id, report);
      setAwaitingCount(awaiting.current.size);
      setPoll(true);
      showMessage(EXPORT_TEXTS.started(created.file_name), { type: 'info' });
    } catch {
      // shown by the error catalogue
    } finally {
      setRequesting(null);
    }
  };

  /** A report of this kind is being asked for or made for this page. */
  const busy = (report: ReportKind) => requesting === report || [...awaiting.current.values()].includes(report);
  return { request, busy, exportsQuery, download, downloading };
}

export function ReportExportsTable({
  exports,
  onDownload,
  downloading,
}: {
  exports: ReturnType<typeof useReportExports>['exportsQuery'];
  onDownload: (exportId: number) => void;
  downloading: number | null;
}) {
  const columns: ColumnsType<ReportExport> = [
    {
      title: '报表',
      key: 'report',
      ellipsis: { showTitle: true },
      render: (_: unknown, row) => `${row.year}年度${row.report_text}`,
    },
    { title: '申请人', dataIndex: 'requested_by', key: 'requested_by', width: 100, ellipsis: { showTitle: true } },
    { title: '申请时间', dataIndex: 'created_at', key: 'created_at', width: 180 },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_: unknown, row) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[row.status]}>{row.status_text}</Tag>
          {row.status === 'done' && row.rows !== null && (
            <Typography.Text type="secondary">{row.rows} 行</Typography.Text>
          )}
          {row.status === 'failed' && <Typography.Text type="danger">{row.reason}</Typography.Text>}
        </Space>
      ),
    },
    { title: '完成时间', dataIndex: 'finished_at', key: 'finished_at', width: 180 },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: 90,
      render: (_: unknown, row) =>
        row.downloadable ? (
          <Button
            size="small"
            loading={downloading === row.export_id}
            aria-label={`下载 ${row.file_name}`}
            onClick={() => onDownload(row.export_id)}
          >
            {EXPORT_TEXTS.download}
          </Button>
        ) : row.status === 'done' ? (
          <Typography.Text type="secondary">{EXPORT_TEXTS.expired}</Typography.Text>
        ) : null,
    },
  ];
  return (
    <ConsoleTable<ReportExport>
      label={EXPORT_TEXTS.title}
      rowKey="export_id"
      columns={columns}
      // Polling refreshes rows in place: the spinner is for the first load only.
      query={{ ...exports, isFetching: exports.isFetching && !exports.data }}
      rows={exports.data?.list ?? []}
      paged={false}
    />
  );
}
