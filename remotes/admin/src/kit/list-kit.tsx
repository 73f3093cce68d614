import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Result, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { EMPTY_LIST_TEXT } from '@yaoshi/ui/message-texts';
import type { ColumnsType } from 'antd/es/table';
import type { TableRowSelection } from 'antd/es/table/interface';

/**
 * The console's small list kit (antd 6; pro-components does not support it): a filter
 * bar, a table paged on the server with its loading, empty and error states, and the
 * list's state (page, size, filters) in one hook.
 */

export const DEFAULT_PAGE_SIZE = 20;
/** The console's empty lists say what the learner pages' say. */
export const EMPTY_TEXT = EMPTY_LIST_TEXT;
export const LOAD_FAILED_TEXT = '加载失败';

export type FilterValues = Record<string, string | number | boolean | undefined>;

/** Drops blank fields, so a cleared box filters nothing (and a strict contract never sees ''). */
export function cleanFilters(values: Record<string, unknown>): FilterValues {
  const clean: FilterValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') clean[key] = value.trim();
    } else if (typeof value === 'number' || typeof value === 'boolean') clean[key] = value;
  }
  return clean;
}

export interface ListState {
  page: number;
  size: number;
  filters: FilterValues;
  setPage: (page: number, size: number) => void;
  setFilters: (filters: FilterValues) => void;
  /** How many times 查询 was pressed on the list already shown (same filters, first page). */
  repeatedSearches: number;
}

/** The same filters (keys and values), whatever their order. */
export function sameFilters(a: FilterValues, b: FilterValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}

export function useListState(initial: FilterValues = {}): ListState {
  const [page, setPageNumber] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [filters, setFilterValues] = useState<FilterValues>(initial);
  const [repeatedSearches, setRepeatedSearches] = useState(0);
  return {
    page,
    size,
    filters,
    repeatedSearches,
    setPage: (next, nextSize) => {
      setPageNumber(nextSize === size ? next : 1);
      setSize(nextSize);
    },
    setFilters: (next) => {
      // The query's arguments would not change, so nothing would be fetched: count it instead.
      if (page === 1 && sameFilters(next, filters)) setRepeatedSearches((n) => n + 1);
      setFilterValues(next);
      setPageNumber(1);
    },
  };
}

/**
 * 查询 pressed again on the list shown fetches it again (what changed since is shown), as
 * staff expect of the button; a query whose filters or page change fetches by itself.
 */
export function useSearchAgain(list: Pick<ListState, 'repeatedSearches'>, query: { refetch: () => unknown }): void {
  const seen = useRef(list.repeatedSearches);
  const { refetch } = query;
  useEffect(() => {
    if (list.repeatedSearches === seen.current) return;
    seen.current = list.repeatedSearches;
    try {
      void refetch();
    } catch {
      // A skipped query (nothing chosen yet) has nothing to fetch again.
    }
  }, [list.repeatedSearches, refetch]);
}

export interface FilterField {
  name: string;
  label: string;
  /** `date-range` fills `from` and `to` ('YYYY-MM-DD'). */
  kind?: 'text' | 'select' | 'date-range';
  options?: { label: string; value: string | number | boolean }[];
  placeholder?: string;
  width?: number;
}

function withDateRanges(values: Record<string, unknown>, fields: readonly FilterField[]): Record<string, unknown> {
  const out = { ...values };
  for (const field of fields) {
    if (field.kind !== 'date-range') continue;
    const range = out[field.name] as [Dayjs | null, Dayjs | null] | null | undefined;
    delete out[field.name];
    if (range?.[0]) out['from'] = range[0].format('YYYY-MM-DD');
    if (range?.[1]) out['to'] = range[1].format('YYYY-MM-DD');
  }
  return out;
}

export function FilterBar({
  fields,
  onSearch,
  extra,
  initialValues,
}: {
  fields: readonly FilterField[];
  onSearch: (values: FilterValues) => void;
  extra?: ReactNode;
  /** The filters the list starts with, shown in their fields. */
  initialValues?: FilterValues;
}) {
  const [form] = Form.useForm<Record<string, unknown>>();
  return (
    <Form
      form={form}
      initialValues={initialValues}
      layout="inline"
      aria-label="筛选"
      style={{ marginBottom: 16, rowGap: 8 }}
      onFinish={(values) => onSearch(cleanFilters(withDateRanges(values, fields)))}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {field.kind === 'date-range' ? (
            <DatePicker.RangePicker aria-label={field.label} />
          ) : field.kind === 'select' ? (
            <Select
              allowClear
              placeholder={field.placeholder ?? '全部'}
              options={field.options}
              style={{ width: field.width ?? 140 }}
              aria-label={field.label}
            />
          ) : (
            <Input
              allowClear
              placeholder={field.placeholder}
              style={{ width: field.width ?? 160 }}
              aria-label={field.label}
            />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}

export interface QueryState<Data> {
  data?: Data | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The key of a table's action column: ConsoleTable keeps it on screen, fixed at the right. */
export const ACTIONS_COLUMN_KEY = 'actions';

/** A learner in one cell: the name, and the ID number under it (a table stays narrow enough for 1280 px). */
export function PersonCell({ name, idNumber }: { name: string; idNumber: string }) {
  return (
    <Space orientation="vertical" size={0}>
      <span>{name}</span>
      <Typography.Text type="secondary">{idNumber}</Typography.Text>
    </Space>
  );
}

/** A long free text (a reason, a title, a unit) cut to its column, the whole text on hover; without a width it takes what is left. */
export function ellipsisColumn(width?: number): { width?: number; ellipsis: { showTitle: true } } {
  return width === undefined ? { ellipsis: { showTitle: true } } : { width, ellipsis: { showTitle: true } };
}

/** Widths of the columns every console table shares, named once. */
export const COLUMN_WIDTH = {
  orderNo: 150,
  person: 175,
  idNumber: 190,
  year: 70,
  amount: 90,
  /** 'YYYY-MM-DD HH:mm:ss' on two lines. */
  time: 120,
  status: 100,
  twoButtons: 130,
  threeButtons: 200,
  oneLink: 80,
} as const;

/** Room a column without a width needs before the table scrolls sideways. */
const FLEXIBLE_COLUMN_MIN_WIDTH = 120;

/**
 * The width below which a table scrolls sideways: the columns' widths, with room for the
 * ones that take what is left. Above it the table fills its box (fixed layout: long texts
 * wrap or are cut with an ellipsis instead of widening the table past the screen).
 */
export function tableMinWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce(
    (total, column) => total + (typeof column.width === 'number' ? column.width : FLEXIBLE_COLUMN_MIN_WIDTH),
    0,
  );
}

/** A list or page whose data could not be loaded: what failed and a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={LOAD_FAILED_TEXT}
      subTitle="请检查网络后重试"
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

/**
 * The console's table (antd's Table): a table of one page from the server, or the error state
 * with 重试; its action column stays visible at the right. Learner pages use the light
 * `DataTable` of `@yaoshi/ui` instead (no antd on their first load), whose columns follow
 * antd's (`title`, `dataIndex`, `key`, `width`, `fixed: 'right'`, `ellipsis`, `render(value, row)`).
 */
export function ConsoleTable<Row extends object>({
  label,
  rowKey,
  columns,
  query,
  rows,
  total,
  list,
  paged = true,
  onSort,
  rowSelection,
}: {
  label: string;
  rowKey: keyof Row & string;
  columns: ColumnsType<Row>;
  query: QueryState<unknown>;
  rows: readonly Row[];
  total?: number;
  list?: ListState;
  paged?: boolean;
  /** Columns with `sorter: true` sort on the server: the column's key and the direction, or null for none. */
  onSort?: (field: string | null, order: 'asc' | 'desc') => void;
  /** Check boxes for a batch action: the checked rows' keys, and which rows may be checked. */
  rowSelection?: TableRowSelection<Row>;
}) {
  if (query.isError && !query.isFetching) {
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  return (
    <Table<Row>
      aria-label={label}
      rowKey={rowKey}
      columns={columns.map((column) =>
        column.key === ACTIONS_COLUMN_KEY ? { ...column, fixed: 'right' as const } : column,
      )}
      dataSource={[...rows]}
      loading={query.isLoading || query.isFetching}
      locale={{ emptyText: EMPTY_TEXT }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || !onSort) return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        onSort(one?.order ? String(one.columnKey) : null, one?.order === 'ascend' ? 'asc' : 'desc');
      }}
      tableLayout="fixed"
      {...(rowSelection ? { rowSelection } : {})}
      scroll={{ x: tableMinWidth(columns) }}
      pagination={
        paged && list
          ? {
              current: list.page,
              pageSize: list.size,
              total: total ?? 0,
              showSizeChanger: true,
              showTotal: (count) => `共 ${count} 条`,
              onChange: (page, size) => list.setPage(page, size),
            }
          : paged
            ? { pageSize: DEFAULT_PAGE_SIZE, hideOnSinglePage: true }
            : false
      }
    />
  );
}
