import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { useState } from 'react';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AuditRecord } from '@yaoshi/contracts/audit-log';
import { showMessage } from '@yaoshi/ui/show-message';
import { useAuditListQuery, useLazyAuditListQuery } from '../admin-api';
import { toCsv, downloadText, type CsvColumn } from '../kit/csv';
import { COLUMN_WIDTH, ConsoleTable, FilterBar, useListState, type FilterField, useSearchAgain } from '../kit/list-kit';
import { auditActorLabel, auditChanges, auditValueText } from '@yaoshi/contracts/audit-fields';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '@yaoshi/contracts/audit-actions';
import { AuditChanges, LONG_TEXT_CHANGED } from './audit-changes';
import { exportRows } from './audit-export';

const FILTERS: readonly FilterField[] = [
  { name: 'actor', label: '操作人', placeholder: '姓名或用户名' },
  {
    name: 'action',
    label: '操作',
    kind: 'select',
    options: Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
    width: 180,
  },
  { name: 'target', label: '对象', placeholder: '用户名、身份证号、订单号' },
  { name: 'range', label: '日期', kind: 'date-range' },
];

const CSV_COLUMNS: readonly CsvColumn<AuditRecord>[] = [
  { title: '时间', value: (row) => row.time },
  { title: '操作人', value: (row) => auditActorLabel(row) },
  { title: '角色', value: (row) => row.roles.join('、') },
  { title: '操作', value: (row) => auditActionLabel(row.action) },
  { title: '对象', value: (row) => row.target },
  {
    title: '变更',
    value: (row) =>
      auditChanges(row.before, row.after)
        .map((change) =>
          change.long
            ? `${change.label}：${LONG_TEXT_CHANGED}`
            : `${change.label}：${auditValueText(change.before)} → ${auditValueText(change.after)}`,
        )
        .join('；'),
  },
  { title: '来源地址', value: (row) => row.ip },
];

/** 审计日志: every staff change, newest first, with filters and a CSV export of what they match. */
export function AuditPage() {
  const list = useListState();
  const query = useAuditListQuery(
    { ...list.filters, page: list.page, size: list.size },
    { refetchOnMountOrArgChange: true },
  );
  useSearchAgain(list, query);
  const [fetchPage] = useLazyAuditListQuery();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await exportRows(list.filters, (request) => fetchPage(request).unwrap());
      downloadText(`审计日志-${beijingDayOf(new Date())}.csv`, toCsv(rows, CSV_COLUMNS));
      showMessage(`已导出 ${rows.length} 条记录`);
    } catch {
      // shown by the error catalogue
    } finally {
      setExporting(false);
    }
  };

  const wrap = { overflowWrap: 'anywhere' } as const;
  const columns: ColumnsType<AuditRecord> = [
    { title: '时间', dataIndex: 'time', key: 'time', width: COLUMN_WIDTH.time },
    {
      title: '操作人',
      key: 'actor',
      width: 150,
      render: (_: unknown, row) => (
        <div style={wrap}>
          {auditActorLabel(row)}
          {row.roles.length > 0 && (
            <div>
              {row.roles.map((role) => (
                <Tag key={role} style={{ marginTop: 2 }}>
                  {role}
                </Tag>
              ))}
            </div>
          )}
        </div>
      ),
    },
    { title: '操作', key: 'action', width: 130, render: (_: unknown, row) => auditActionLabel(row.action) },
    { title: '对象', key: 'target', width: 150, render: (_: unknown, row) => <span style={wrap}>{row.target}</span> },
    {
      title: '变更（修改前 → 修改后）',
      key: 'change',
      render: (_: unknown, row) => <AuditChanges record={row} />,
    },
    { title: '来源地址', key: 'ip', width: 120, render: (_: unknown, row) => <span style={wrap}>{row.ip}</span> },
  ];

  return (
    <>
      <FilterBar
        fields={FILTERS}
        onSearch={list.setFilters}
        extra={
          <Button loading={exporting} onClick={() => void exportCsv()}>
            导出 CSV
          </Button>
        }
      />
      <ConsoleTable<AuditRecord>
        label="审计日志"
        rowKey="id"
        columns={columns}
        query={query}
        rows={query.data?.list ?? []}
        total={query.data?.total ?? 0}
        list={list}
      />
    </>
  );
}
