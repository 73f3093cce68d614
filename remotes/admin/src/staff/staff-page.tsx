import { useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QRCodeSVG } from 'qrcode.react';
import {
  ADMIN_MESSAGES,
  type StaffCreateRequest,
  type StaffCredentials,
  type StaffRow,
} from '@yaoshi/contracts/staff-admin';
import { STAFF_ROLES, type StaffRole } from '@yaoshi/contracts/staff-roles';
import { showMessage } from '@yaoshi/ui/show-message';
import { useStaffCreateMutation, useStaffListQuery, useStaffUpdateMutation } from '../admin-api';
import { ACTIONS_COLUMN_KEY, ConsoleTable } from '../kit/list-kit';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ label: role, value: role }));

/** 工作人员账号 (管理员): every account, new accounts with their roles, role changes, disable and enable. */
export function StaffPage() {
  const query = useStaffListQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update, { isLoading: updating }] = useStaffUpdateMutation();
  const [creating, setCreating] = useState(false);
  const [credentials, setCredentials] = useState<StaffCredentials | null>(null);
  const [editing, setEditing] = useState<StaffRow | null>(null);

  const setDisabled = async (row: StaffRow, disabled: boolean) => {
    try {
      await update({ id: row.id, disabled }).unwrap();
      showMessage(disabled ? `已停用 ${row.username}` : `已启用 ${row.username}`);
    } catch {
      // shown by the error catalogue
    }
  };

  const columns: ColumnsType<StaffRow> = [
    { title: '用户名', dataIndex: 'username', key: 'username' },
    { title: '姓名', dataIndex: 'name', key: 'name' },
    {
      title: '角色',
      key: 'roles',
      render: (_: unknown, row) => row.roles.map((role) => <Tag key={role}>{role}</Tag>),
    },
    {
      title: '状态',
      key: 'state',
      render: (_: unknown, row) =>
        row.disabled ? (
          <Tag color="red">已停用</Tag>
        ) : row.locked ? (
          <Tag color="orange">已锁定</Tag>
        ) : (
          <Tag color="green">正常</Tag>
        ),
    },
    { title: '创建时间', dataIndex: 'created_at', key: 'created_at' },
    {
      title: '最近登录',
      dataIndex: 'last_login_at',
      key: 'last_login_at',
      render: (value: string | null) => value ?? '从未登录',
    },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      render: (_: unknown, row) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setEditing(row)}>
            修改角色
          </Button>
          {row.disabled ? (
            <Button size="small" type="link" loading={updating} onClick={() => void setDisabled(row, false)}>
              启用
            </Button>
          ) : (
            <Popconfirm
              title={`停用 ${row.username}？`}
              description="停用后该账号立即退出，不能再登录"
              okText="停用"
              cancelText="取消"
              onConfirm={() => void setDisabled(row, true)}
            >
              <Button size="small" type="link" danger>
                停用
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setCreating(true)}>
          新建账号
        </Button>
      </Space>
      <ConsoleTable<StaffRow>
        label="工作人员账号"
        rowKey="id"
        columns={columns}
        query={query}
        rows={query.data ?? []}
      />
      <CreateStaffDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setCredentials(created);
        }}
      />
      <CredentialsDialog credentials={credentials} onClose={() => setCredentials(null)} />
      <RolesDialog row={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function CreateStaffDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (credentials: StaffCredentials) => void;
}) {
  const [form] = Form.useForm<StaffCreateRequest>();
  const [create, { isLoading }] = useStaffCreateMutation();
  const submit = async (values: StaffCreateRequest) => {
    try {
      const created = await create({
        username: values.username.trim(),
        name: values.name.trim(),
        roles: values.roles,
      }).unwrap();
      form.resetFields();
      onCreated(created);
    } catch {
      // shown by the error catalogue; the form keeps what was typed
    }
  };
  return (
    <Modal
      title="新建工作人员账号"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="创建"
      cancelText="取消"
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form<StaffCreateRequest>
        form={form}
        layout="vertical"
        aria-label="新建工作人员账号"
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="username"
          label="用户名"
          rules={[{ required: true, pattern: /^\S{2,32}$/, message: ADMIN_MESSAGES.usernameFormat }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, whitespace: true, message: ADMIN_MESSAGES.nameRequired }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="roles"
          label="角色"
          rules={[{ required: true, type: 'array', min: 1, message: ADMIN_MESSAGES.rolesRequired }]}
        >
          <Checkbox.Group options={ROLE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CredentialsDialog({ credentials, onClose }: { credentials: StaffCredentials | null; onClose: () => void }) {
  return (
    <Modal
      title="账号已创建"
      open={credentials !== null}
      onCancel={onClose}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          我已转交
        </Button>
      }
    >
      {credentials && (
        <>
          <Alert
            type="warning"
            showIcon
            title="密码和动态验证码密钥只显示这一次，请当面或通过安全渠道转交本人。"
            description="本人首次登录时须修改初始密码。"
            style={{ marginBottom: 16 }}
          />
          <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 16 }}>
            <QRCodeSVG
              value={credentials.otpauth}
              size={168}
              marginSize={2}
              role="img"
              aria-label="验证器绑定二维码"
              data-testid="otpauth-qr"
              style={{ flex: 'none' }}
            />
            <Typography.Paragraph style={{ margin: 0 }}>
              请本人用手机上的验证器（如 Google Authenticator、Microsoft Authenticator、阿里云 App）扫描二维码绑定；
              无法扫码时，在验证器中手动输入下方的验证器密钥。
            </Typography.Paragraph>
          </div>
          <Descriptions
            column={1}
            bordered
            size="small"
            styles={{ label: { width: 112, whiteSpace: 'nowrap' }, content: { wordBreak: 'break-all' } }}
          >
            <Descriptions.Item label="用户名">
              <Typography.Text data-testid="new-username">{credentials.username}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="初始密码">
              <Typography.Text copyable data-testid="new-password">
                {credentials.password}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="验证器密钥">
              <Typography.Text copyable data-testid="new-secret">
                {credentials.secret}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="绑定地址">
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {credentials.otpauth}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}

function RolesDialog({ row, onClose }: { row: StaffRow | null; onClose: () => void }) {
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [update, { isLoading }] = useStaffUpdateMutation();
  const save = async () => {
    if (!row) return;
    try {
      await update({ id: row.id, roles }).unwrap();
      showMessage('角色已更新');
      onClose();
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <Modal
      title={row ? `修改 ${row.username} 的角色` : ''}
      open={row !== null}
      onCancel={onClose}
      onOk={() => void save()}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: roles.length === 0 }}
      confirmLoading={isLoading}
      afterOpenChange={(opened) =>
        opened &&
        row &&
        setRoles(row.roles.filter((role): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role)))
      }
    >
      <Checkbox.Group options={ROLE_OPTIONS} value={roles} onChange={(value) => setRoles(value)} />
    </Modal>
  );
}
