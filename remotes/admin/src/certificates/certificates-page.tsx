import { useState } from 'react';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REVOKE_REASON_MAX } from '@yaoshi/contracts/certificate-rules';
import type { CertificateRow } from '@yaoshi/contracts/certificates';
import { useAdminMeQuery } from '../admin-api';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  FilterBar,
  type FilterField,
  type FilterValues,
} from '../kit/list-kit';
import { ReasonDialog, decided } from '../kit/reason-dialog';
import { useCertificateRevokeMutation, useCertificateSearchQuery } from './certificates-api';

export const CERTIFICATE_PAGE_TEXTS = {
  prompt: '请输入证书编号，或学员的姓名、身份证号或手机号后查询',
  revoke: '撤销',
  revoked: '已撤销',
  valid: '有效',
  revokedDone: '学时证明已撤销',
} as const;

const FILTERS: readonly FilterField[] = [
  { name: 'certificate_no', label: '证书编号', placeholder: 'XS…', width: 200 },
  { name: 'learner', label: '学员', placeholder: '姓名、身份证号或手机号', width: 220 },
];

const REVOKE_SUGGESTIONS = ['学习档案审核不通过', '代学或私下交易', '发放有误'] as const;

/** 学时证明 (学员管理): find a learner's certificates and revoke one, with a reason and a confirmation. */
export function CertificatesPage() {
  const [filters, setFilters] = useState<FilterValues>({});
  const search = {
    ...(typeof filters['certificate_no'] === 'string' ? { certificate_no: filters['certificate_no'] } : {}),
    ...(typeof filters['learner'] === 'string' ? { learner: filters['learner'] } : {}),
  };
  const asked = Object.keys(search).length > 0;
  const query = useCertificateSearchQuery(search, { skip: !asked, refetchOnMountOrArgChange: true });
  const canWrite = useAdminMeQuery().data?.permissions.includes('learners.write') ?? false;
  const [revoking, setRevoking] = useState<CertificateRow | null>(null);

  const columns: ColumnsType<CertificateRow> = [
    { title: '证书编号', dataIndex: 'certificate_no', key: 'certificate_no', width: 190 },
    { title: '年度', dataIndex: 'year', key: 'year', width: COLUMN_WIDTH.year },
    {
      title: '学员',
      key: 'learner',
      width: COLUMN_WIDTH.person,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.learner_name}</span>
          <Typography.Text type="secondary">{row.id_number_masked}</Typography.Text>
        </Space>
      ),
    },
    { title: '学时', key: 'class_hour', width: 80, render: (_: unknown, row) => row.class_hour.toFixed(1) },
    { title: '发证时间', dataIndex: 'issued_at', key: 'issued_at', width: COLUMN_WIDTH.time },
    {
      title: '状态',
      key: 'status',
      width: 220,
      render: (_: unknown, row) =>
        row.revoked_at ? (
          <Space orientation="vertical" size={0}>
            <Tag color="red">{CERTIFICATE_PAGE_TEXTS.revoked}</Tag>
            <Typography.Text type="secondary">
              {row.revoked_at} {row.revoked_by}：{row.revoked_reason}
            </Typography.Text>
          </Space>
        ) : (
          <Tag color="green">{CERTIFICATE_PAGE_TEXTS.valid}</Tag>
        ),
    },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: 90,
      render: (_: unknown, row) =>
        canWrite && !row.revoked_at ? (
          <Button size="small" danger onClick={() => setRevoking(row)}>
            {CERTIFICATE_PAGE_TEXTS.revoke}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <FilterBar fields={FILTERS} onSearch={setFilters} />
      {asked ? (
        <ConsoleTable<CertificateRow>
          label="学时证明"
          rowKey="certificate_no"
          columns={columns}
          query={query}
          rows={query.data?.list ?? []}
          paged={false}
        />
      ) : (
        <Alert type="info" showIcon title={CERTIFICATE_PAGE_TEXTS.prompt} />
      )}
      <RevokeDialog row={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function RevokeDialog({ row, onClose }: { row: CertificateRow | null; onClose: () => void }) {
  const [revoke, { isLoading }] = useCertificateRevokeMutation();
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? `撤销 ${row.learner_name} ${row.year}年度的学时证明 ${row.certificate_no}？` : ''}
      hint="撤销后，扫码验证将显示该证明已被撤销，学员不能再下载。此操作记入审计日志，不能恢复。"
      okText="确认撤销"
      label="撤销原因"
      maxLength={REVOKE_REASON_MAX}
      suggestions={REVOKE_SUGGESTIONS}
      loading={isLoading}
      onSubmit={(reason) =>
        row
          ? decided(revoke({ certificate_no: row.certificate_no, reason }).unwrap(), CERTIFICATE_PAGE_TEXTS.revokedDone)
          : Promise.resolve(false)
      }
      onClose={onClose}
    />
  );
}
