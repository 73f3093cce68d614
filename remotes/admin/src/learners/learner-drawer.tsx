import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Modal,
  Popconfirm,
  Result,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { LearnerDetail } from '@yaoshi/contracts/learner-admin';
import {
  PAY_STATUS_TEXT,
  RECEIPT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  type PayStatus,
  type ReceiptStatus,
  type RefundStatus,
} from '@yaoshi/contracts/order-states';
import { showMessage } from '@yaoshi/ui/show-message';
import {
  useLearnerDetailQuery,
  useLearnerEndSessionsMutation,
  useLearnerResetPasswordMutation,
  useLearnerSetDisabledMutation,
  useLearnerUnlockMutation,
} from '../admin-api';
import { EMPTY_TEXT } from '../kit/list-kit';
import { FACE_STATUS_TEXT } from './face-status';
import { PersonalNumber } from './personal-number';

const PROFILE_LABELS: Readonly<Record<string, string>> = {
  name: '姓名',
  idcard: '身份证号',
  phone: '手机号',
  company: '工作单位',
  province: '省',
  city: '市',
  county: '区县',
  major: '专业',
  email: '邮箱',
  graduate_school: '毕业院校',
  certification_number1: '执业证书编号',
};

const REFUSAL_TEXT: Readonly<Record<string, string>> = {
  beyond_length: '超出课程时长',
  too_fast: '进度快于实际播放',
  backwards: '进度倒退',
  not_enrolled: '未报名该课程',
  trial_limit: '超出试看时长',
  second_session: '同时在另一处播放',
  unknown_session: '播放会话无效',
  already_completed: '课程已完成',
};

const PHOTO_STATE_TEXT: Readonly<Record<string, string>> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

/** A learner's page (学员管理): profile, actions, enrolments per year, orders, exams, face photos, refused progress. */
export function LearnerDrawer({
  id,
  canWrite,
  onClose,
}: {
  id: number | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const query = useLearnerDetailQuery({ id: id ?? 0 }, { skip: id === null, refetchOnMountOrArgChange: true });
  const detail = query.data;
  return (
    <Drawer
      title={detail ? `学员：${String(detail.profile['name'] ?? '')}` : '学员'}
      open={id !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {query.isError && !query.isFetching ? (
        <Result status="error" title="加载失败" extra={<Button onClick={() => void query.refetch()}>重试</Button>} />
      ) : !detail || query.isLoading ? (
        <Spin />
      ) : (
        <LearnerDetailView detail={detail} canWrite={canWrite} />
      )}
    </Drawer>
  );
}

function LearnerDetailView({ detail, canWrite }: { detail: LearnerDetail; canWrite: boolean }) {
  const [reset, resetState] = useLearnerResetPasswordMutation();
  const [unlock, unlockState] = useLearnerUnlockMutation();
  const [setDisabled, disableState] = useLearnerSetDisabledMutation();
  const [endSessions, endState] = useLearnerEndSessionsMutation();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showMessage(done);
    } catch {
      // shown by the error catalogue
    }
  };
  const resetPassword = async () => {
    try {
      const { password } = await reset({ id: detail.id }).unwrap();
      Modal.info({
        title: '密码已重置',
        content: (
          <div>
            <p>临时密码（只显示这一次）：</p>
            <Typography.Text copyable strong data-testid="temporary-password">
              {password}
            </Typography.Text>
            <p style={{ marginTop: 8 }}>学员用它登录后须设置新密码；其原有登录已全部退出。</p>
          </div>
        ),
        okText: '知道了',
      });
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag>{FACE_STATUS_TEXT[detail.avatar_status] ?? ''}</Tag>
        {detail.closed_at !== null ? (
          <Tag>已注销（{detail.closed_at}）</Tag>
        ) : (
          detail.disabled && <Tag color="red">已停用</Tag>
        )}
        {detail.locked && <Tag color="orange">密码登录已锁定</Tag>}
        {detail.must_change_password && <Tag color="blue">待修改密码</Tag>}
        <Tag>在线会话 {detail.live_sessions}</Tag>
      </Space>
      {detail.avatar_reject_reason && detail.avatar_status === 3 && (
        <Alert
          type="warning"
          showIcon
          title={`人脸照片驳回原因：${detail.avatar_reject_reason}`}
          style={{ marginBottom: 12 }}
        />
      )}
      {canWrite && (
        <Space wrap style={{ marginBottom: 16 }}>
          <Popconfirm
            title="重置该学员的密码？"
            description="学员原有登录全部退出，须用临时密码登录后设置新密码"
            okText="重置"
            cancelText="取消"
            onConfirm={() => void resetPassword()}
          >
            <Button loading={resetState.isLoading}>重置密码</Button>
          </Popconfirm>
          <Button
            disabled={!detail.locked}
            loading={unlockState.isLoading}
            onClick={() => void run(() => unlock({ id: detail.id }).unwrap(), '已解锁')}
          >
            解锁
          </Button>
          <Button
            danger={!detail.disabled}
            loading={disableState.isLoading}
            onClick={() =>
              void run(
                () => setDisabled({ id: detail.id, disabled: !detail.disabled }).unwrap(),
                detail.disabled ? '已启用' : '已停用',
              )
            }
          >
            {detail.disabled ? '启用' : '停用'}
          </Button>
          <Button
            loading={endState.isLoading}
            onClick={() => void run(() => endSessions({ id: detail.id }).unwrap(), '已结束该学员的所有会话')}
          >
            结束所有会话
          </Button>
        </Space>
      )}
      <Tabs
        items={[
          {
            key: 'profile',
            label: '资料',
            children: (
              <Descriptions column={2} size="small" bordered>
                {Object.entries(PROFILE_LABELS).map(([key, label]) => (
                  <Descriptions.Item key={key} label={label}>
                    {key === 'idcard' || key === 'phone' ? (
                      <PersonalNumber
                        learnerId={detail.id}
                        field={key === 'idcard' ? 'id_number' : 'phone'}
                        value={String(detail.profile[key] ?? '')}
                        learnerName={String(detail.profile['name'] ?? '')}
                      />
                    ) : (
                      String(detail.profile[key] ?? '') || '—'
                    )}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ),
          },
          {
            key: 'study',
            label: '学习',
            children:
              detail.years.length === 0 ? (
                <Typography.Text type="secondary">{EMPTY_TEXT}</Typography.Text>
              ) : (
                detail.years.map((year) => (
                  <div key={year.year} style={{ marginBottom: 16 }}>
                    <Typography.Title level={5}>
                      {year.year} 年度：已完成 {year.hours_completed} / {year.hours_enrolled} 学时
                    </Typography.Title>
                    <Table
                      size="small"
                      rowKey="course_id"
                      pagination={false}
                      dataSource={year.courses}
                      columns={[
                        { title: '课程', dataIndex: 'name' },
                        { title: '学时', dataIndex: 'hours' },
                        { title: '进度', key: 'progress', render: (_: unknown, row) => `${row.progress}%` },
                        {
                          title: '状态',
                          key: 'state',
                          render: (_: unknown, row) => (row.withdrawn ? '已撤销' : row.completed ? '已完成' : '学习中'),
                        },
                      ]}
                    />
                  </div>
                ))
              ),
          },
          {
            key: 'orders',
            label: '订单',
            children: (
              <Table
                size="small"
                rowKey="order_no"
                locale={{ emptyText: EMPTY_TEXT }}
                dataSource={detail.orders}
                columns={[
                  { title: '订单号', dataIndex: 'order_no' },
                  { title: '年度', dataIndex: 'year' },
                  { title: '金额（元）', key: 'amount', render: (_: unknown, row) => row.amount.toFixed(2) },
                  {
                    title: '支付',
                    key: 'pay',
                    render: (_: unknown, row) => PAY_STATUS_TEXT[row.pay_status as PayStatus],
                  },
                  {
                    title: '退款',
                    key: 'refund',
                    render: (_: unknown, row) => REFUND_STATUS_TEXT[row.refund_status as RefundStatus],
                  },
                  {
                    title: '发票',
                    key: 'receipt',
                    render: (_: unknown, row) => RECEIPT_STATUS_TEXT[row.is_receipt as ReceiptStatus],
                  },
                  { title: '下单时间', dataIndex: 'created_at' },
                ]}
              />
            ),
          },
          {
            key: 'exams',
            label: '练习成绩',
            children: (
              <Table
                size="small"
                rowKey={(row) => `${row.year}-${row.exam_type}-${row.submitted_at ?? 'open'}`}
                locale={{ emptyText: EMPTY_TEXT }}
                dataSource={detail.exams}
                columns={[
                  { title: '年度', dataIndex: 'year' },
                  { title: '题数', dataIndex: 'questions' },
                  {
                    title: '答对',
                    key: 'right',
                    render: (_: unknown, row) => (row.right === null ? '未交卷' : row.right),
                  },
                  { title: '交卷时间', key: 'submitted', render: (_: unknown, row) => row.submitted_at ?? '—' },
                ]}
              />
            ),
          },
          {
            key: 'faces',
            label: '人脸核验',
            children: (
              <Table
                size="small"
                rowKey="id"
                locale={{ emptyText: EMPTY_TEXT }}
                dataSource={detail.face_photos}
                columns={[
                  { title: '时间', dataIndex: 'created_at' },
                  {
                    title: '类型',
                    key: 'kind',
                    render: (_: unknown, row) =>
                      row.course_id === null ? '人脸采集' : `课程 ${row.course_id} 学习中（${row.percent ?? 0}%）`,
                  },
                  {
                    title: '审核',
                    key: 'state',
                    render: (_: unknown, row) => PHOTO_STATE_TEXT[row.state] ?? row.state,
                  },
                  { title: '驳回原因', key: 'reason', render: (_: unknown, row) => row.reject_reason ?? '' },
                ]}
              />
            ),
          },
          {
            key: 'refusals',
            label: '诚信拒绝',
            children: (
              <Table
                size="small"
                rowKey={(row) => `${row.time}-${row.course_id ?? 0}-${row.claimed_seconds}`}
                locale={{ emptyText: '没有被拒绝的学习进度' }}
                dataSource={detail.refusals}
                columns={[
                  { title: '时间', dataIndex: 'time' },
                  { title: '课程', key: 'course', render: (_: unknown, row) => row.course_id ?? '—' },
                  { title: '上报位置（秒）', dataIndex: 'claimed_seconds' },
                  {
                    title: '拒绝原因',
                    key: 'outcome',
                    render: (_: unknown, row) => REFUSAL_TEXT[row.outcome] ?? row.outcome,
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
