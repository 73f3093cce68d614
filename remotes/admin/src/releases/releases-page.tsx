import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Segmented, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import {
  CANARY_PERCENT_MAX,
  CANARY_PERCENT_MIN,
  RELEASE_ADMIN_MESSAGES,
  RELEASE_ENVIRONMENTS,
  RELEASE_ENVIRONMENT_NAMES,
  RELEASE_REASON_MAX_LENGTH,
  type ReleaseEnvironment,
  type ReleaseHistoryLine,
  type RemoteReleaseStatus,
} from '@yaoshi/contracts/releases-admin';
import { showMessage } from '@yaoshi/ui/show-message';
import { useAdminMeQuery } from '../admin-api';
import { ACTIONS_COLUMN_KEY, COLUMN_WIDTH, ConsoleTable, ellipsisColumn } from '../kit/list-kit';
import {
  ACTION_BUTTON_LABELS,
  availableActions,
  confirmQuestion,
  failureRateText,
  historyActionLabel,
  versionChoices,
  type ActionValues,
  type ReleaseActionKind,
} from './release-rules';
import {
  useReleaseCanaryMutation,
  useReleaseHistoryQuery,
  useReleasePinMutation,
  useReleasePromoteMutation,
  useReleaseCanaryEndMutation,
  useReleaseRollbackMutation,
  useReleaseStatusQuery,
} from './releases-api';

/** The status refreshes itself this often (failure rates move, the server may end a canary). */
const STATUS_REFRESH_MS = 30_000;

interface Acting {
  kind: ReleaseActionKind;
  status: RemoteReleaseStatus;
}

/**
 * 发布管理 (issue 17): every remote's live version, canary and share, the failure rate of
 * each version, and the history; pin, rollback, canary and promote, each with a reason and
 * a confirmation. The same registry as `npm run release`, recorded under the staff member's name.
 */
export function ReleasesPage() {
  const [env, setEnv] = useState<ReleaseEnvironment>('production');
  const status = useReleaseStatusQuery(
    { env },
    { refetchOnMountOrArgChange: true, pollingInterval: STATUS_REFRESH_MS },
  );
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [acting, setActing] = useState<Acting | null>(null);
  // 只读审计 reads the versions and the history; moving them takes 发布管理.
  const canMove = useAdminMeQuery().data?.permissions.includes('releases.manage') ?? false;

  const columns: ColumnsType<RemoteReleaseStatus> = [
    {
      title: '远程模块',
      key: 'remote',
      width: 170,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.section}</span>
          <Typography.Text type="secondary">{row.remote}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '线上版本',
      key: 'pinned',
      width: 120,
      render: (_: unknown, row) => (row.pinned ? <Tag color="green">{row.pinned}</Tag> : <Tag>未固定</Tag>),
    },
    {
      title: '灰度',
      key: 'canary',
      width: 150,
      render: (_: unknown, row) =>
        row.canary ? (
          <Tag color="orange">
            {row.canary.version} · {row.canary.percent}%
          </Tag>
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      title: '各版本失败率',
      key: 'health',
      render: (_: unknown, row) => {
        const live = [row.pinned, row.canary?.version].filter((v): v is string => v !== null && v !== undefined);
        const shown = [...new Set([...live, ...row.health.map((h) => h.version)])];
        if (shown.length === 0) return <Typography.Text type="secondary">暂无加载</Typography.Text>;
        return (
          <Space orientation="vertical" size={0}>
            {shown.map((version) => (
              <span key={version}>
                {version}：{failureRateText(row.health.find((h) => h.version === version))}
              </span>
            ))}
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: 300,
      render: (_: unknown, row) => (
        <Space size={4} wrap>
          {(canMove ? availableActions(row) : []).map((kind) => (
            <Button
              key={kind}
              size="small"
              danger={kind === 'rollback'}
              type={kind === 'promote' ? 'primary' : 'default'}
              onClick={() => setActing({ kind, status: row })}
            >
              {ACTION_BUTTON_LABELS[kind]}
            </Button>
          ))}
          <Button size="small" type="link" onClick={() => setHistoryOf(row.remote)}>
            历史
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      {!canMove && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="只读：可查看各模块的版本、灰度和发布历史；固定版本、灰度和回滚需要发布管理角色。"
        />
      )}
      <Space style={{ marginBottom: 16 }}>
        <span>环境</span>
        <Segmented<ReleaseEnvironment>
          aria-label="环境"
          value={env}
          options={RELEASE_ENVIRONMENTS.map((value) => ({ value, label: RELEASE_ENVIRONMENT_NAMES[value] }))}
          onChange={setEnv}
        />
      </Space>
      <ConsoleTable<RemoteReleaseStatus>
        label="远程模块版本"
        rowKey="remote"
        columns={columns}
        query={status}
        rows={status.data?.remotes ?? []}
        paged={false}
      />
      {historyOf !== null && <HistoryPanel remote={historyOf} />}
      <ActionDialog acting={acting} env={env} onClose={() => setActing(null)} />
    </>
  );
}

function HistoryPanel({ remote }: { remote: string }) {
  const history = useReleaseHistoryQuery({ remote }, { refetchOnMountOrArgChange: true });
  const columns: ColumnsType<ReleaseHistoryLine & { key: string }> = [
    {
      title: '时间',
      dataIndex: 'at',
      key: 'at',
      width: COLUMN_WIDTH.time + 40,
      render: (at: string) => formatBeijingTime(at),
    },
    {
      title: '环境',
      dataIndex: 'environment',
      key: 'environment',
      width: 110,
      render: (value: string) => RELEASE_ENVIRONMENT_NAMES[value as ReleaseEnvironment] ?? value,
    },
    {
      title: '操作',
      dataIndex: 'action',
      key: 'action',
      width: 100,
      render: (action: string) => historyActionLabel(action),
    },
    {
      title: '版本',
      key: 'versions',
      width: 190,
      render: (_: unknown, line) => `${line.from ?? '—'} → ${line.to ?? '—'}`,
    },
    { title: '操作人', dataIndex: 'actor', key: 'actor', width: 120 },
    { title: '原因', dataIndex: 'reason', key: 'reason', ...ellipsisColumn() },
  ];
  const rows = (history.data?.history ?? []).map((line, index) => ({ ...line, key: `${index}` }));
  return (
    <section aria-label={`${remote} 发布历史`} style={{ marginTop: 24 }}>
      <Typography.Title level={4}>发布历史：{remote}</Typography.Title>
      <ConsoleTable
        label={`${remote} 发布历史`}
        rowKey="key"
        columns={columns}
        query={history}
        rows={rows}
        paged={false}
      />
    </section>
  );
}

interface FormValues extends ActionValues {
  reason: string;
}

/** One move: its fields and a reason, then a confirmation naming the remote and versions. */
function ActionDialog({
  acting,
  env,
  onClose,
}: {
  acting: Acting | null;
  env: ReleaseEnvironment;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [confirming, setConfirming] = useState<FormValues | null>(null);
  const [pin, pinning] = useReleasePinMutation();
  const [rollback, rollingBack] = useReleaseRollbackMutation();
  const [canary, starting] = useReleaseCanaryMutation();
  const [promote, promoting] = useReleasePromoteMutation();
  const [endCanary, ending] = useReleaseCanaryEndMutation();
  const busy =
    pinning.isLoading || rollingBack.isLoading || starting.isLoading || promoting.isLoading || ending.isLoading;

  const close = () => {
    setConfirming(null);
    form.resetFields();
    onClose();
  };

  const run = async (values: FormValues) => {
    if (!acting) return;
    const { kind, status } = acting;
    const remote = status.remote;
    const reason = values.reason.trim();
    try {
      if (kind === 'pin') {
        const moved = await pin({ remote, version: values.version ?? '', env, reason }).unwrap();
        showMessage(`${remote} 已固定到 ${moved.to ?? ''}`);
      } else if (kind === 'rollback') {
        const moved = await rollback({ remote, env, reason }).unwrap();
        showMessage(`${remote} 已回滚到 ${moved.to ?? ''}`);
      } else if (kind === 'canary') {
        const started = await canary({
          remote,
          version: values.version ?? '',
          percent: values.percent ?? 0,
          env,
          reason,
        }).unwrap();
        showMessage(
          started.unchanged
            ? `${remote} ${values.version ?? ''} 已在灰度中（${values.percent ?? 0}%），未作改动`
            : `${remote} ${values.version ?? ''} 已开始灰度（${values.percent ?? 0}%）`,
        );
      } else if (kind === 'canary-end') {
        const ended = await endCanary({ remote, env, reason }).unwrap();
        showMessage(`${remote} ${ended.from ?? ''} 的灰度已结束，所有访客使用固定版本`);
      } else {
        const moved = await promote({ remote, env, reason }).unwrap();
        showMessage(`${remote} ${moved.to ?? ''} 已转为固定版本`);
      }
      close();
    } catch {
      // The refusal (with the remote, package and versions) is shown by the error catalogue.
      setConfirming(null);
    }
  };

  if (!acting) return null;
  const { kind, status } = acting;
  const label = ACTION_BUTTON_LABELS[kind];
  const choices = versionChoices(status).map((value) => ({ value, label: value }));
  return (
    <Modal
      open
      title={`${label}：「${status.section}」${status.remote}（${RELEASE_ENVIRONMENT_NAMES[env]}）`}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      {confirming ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            title={confirmQuestion(kind, status, confirming)}
            description={`原因：${confirming.reason.trim()}`}
          />
          <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={() => setConfirming(null)}>返回修改</Button>
            <Button type="primary" danger={kind === 'rollback'} loading={busy} onClick={() => void run(confirming)}>
              确认{label}
            </Button>
          </Space>
        </Space>
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          aria-label={label}
          initialValues={{ version: choices[0]?.value, percent: 10 }}
          onFinish={(values) => setConfirming(values)}
        >
          {(kind === 'pin' || kind === 'canary') && (
            <Form.Item name="version" label="版本" rules={[{ required: true, message: '请选择版本' }]}>
              <Select options={choices} aria-label="版本" />
            </Form.Item>
          )}
          {kind === 'canary' && (
            <Form.Item
              name="percent"
              label="灰度比例（%）"
              rules={[{ required: true, message: RELEASE_ADMIN_MESSAGES.percentInvalid }]}
            >
              <InputNumber min={CANARY_PERCENT_MIN} max={CANARY_PERCENT_MAX} precision={0} aria-label="灰度比例" />
            </Form.Item>
          )}
          {kind === 'rollback' && (
            <Typography.Paragraph type="secondary">
              回到 {status.pinned ?? ''} 之前固定的版本 {status.rollbackTo ?? ''}。
            </Typography.Paragraph>
          )}
          {kind === 'canary-end' && status.canary && (
            <Typography.Paragraph type="secondary">
              灰度版本 {status.canary.version}（{status.canary.percent}%）停止使用，所有访客回到固定版本{' '}
              {status.pinned ?? ''}。
            </Typography.Paragraph>
          )}
          {kind === 'promote' && status.canary && (
            <Typography.Paragraph type="secondary">
              灰度版本 {status.canary.version}（{status.canary.percent}%）将成为所有访客的固定版本。
            </Typography.Paragraph>
          )}
          <Form.Item
            name="reason"
            label="原因"
            rules={[{ required: true, whitespace: true, message: RELEASE_ADMIN_MESSAGES.reasonRequired }]}
          >
            <Input.TextArea rows={3} maxLength={RELEASE_REASON_MAX_LENGTH} showCount aria-label="原因" />
          </Form.Item>
          <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={close}>取消</Button>
            <Button type="primary" htmlType="submit">
              下一步
            </Button>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
