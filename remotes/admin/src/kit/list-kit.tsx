import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Result, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ColumnsType } from 'antd/es/table';

/**
 * The console's small list kit (antd 6; pro-components does not support it): a filter
 * bar, a table paged on the server with its loading, empty and error states, and the
 * list's state (page, size, filters) in one hook.
 */

export const DEFAULT_PAGE_SIZE = 20;
export const EMPTY_TEXT = '暂无数据';
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
}

export function useListState(initial: FilterValues = {}): ListState {
  const [page, setPageNumber] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [filters, setFilterValues] = useState<FilterValues>(initial);
  return {
    page,
    size,
    filters,
    setPage: (next, nextSize) => {
      setPageNumber(nextSize === size ? next : 1);
      setSize(nextSize);
    },
    setFilters: (next) => {
      setFilterValues(next);
      setPageNumber(1);
    },
  };
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

/** A table of one page from the server, or the error state with 重试. */
export function DataTable<Row extends object>({
  label,
  rowKey,
  columns,
  query,
  rows,
  total,
  list,
  paged = true,
  onSort,
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
}) {
  if (query.isError && !query.isFetching) {
    return (
      <Result
        status="error"
        title={LOAD_FAILED_TEXT}
        subTitle="请检查网络后重试"
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    <Table<Row>
      aria-label={label}
      rowKey={rowKey}
      columns={columns}
      dataSource={[...rows]}
      loading={query.isLoading || query.isFetching}
      locale={{ emptyText: EMPTY_TEXT }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || !onSort) return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        onSort(one?.order ? String(one.columnKey) : null, one?.order === 'ascend' ? 'asc' : 'desc');
      }}
      scroll={{ x: 'max-content' }}
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
