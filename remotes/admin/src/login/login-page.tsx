import { Button, Card, Form, Input, Typography } from 'antd';
import { ADMIN_MESSAGES, type AdminLoginRequest, type AdminLoginResponse } from '@yaoshi/contracts/staff-admin';
import { useAdminLoginMutation } from '../admin-api';
import { tokens } from '@yaoshi/ui/site-tokens';

/** The staff login: user name, password and the 6-digit code of the authenticator app. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: (session: AdminLoginResponse) => void }) {
  const [form] = Form.useForm<AdminLoginRequest>();
  const [login, { isLoading }] = useAdminLoginMutation();

  const submit = async (values: AdminLoginRequest) => {
    try {
      onLoggedIn(
        await login({ username: values.username.trim(), password: values.password, otp: values.otp.trim() }).unwrap(),
      );
    } catch {
      // The error catalogue has shown the server's reason; the code is single-use, so clear it.
      form.setFieldValue('otp', '');
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: tokens.colorBgMuted,
      }}
    >
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          管理后台登录
        </Typography.Title>
        <Form<AdminLoginRequest>
          form={form}
          layout="vertical"
          aria-label="管理后台登录"
          onFinish={(values) => void submit(values)}
          requiredMark={false}
        >
          <Form.Item
            name="username"
            label="用户名"
            rules={[{ required: true, whitespace: true, message: ADMIN_MESSAGES.usernameRequired }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label="密码"
            rules={[{ required: true, message: ADMIN_MESSAGES.passwordRequired }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="otp"
            label="动态验证码"
            extra="打开身份验证器应用，输入当前显示的6位数字"
            rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: ADMIN_MESSAGES.otpFormat }]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
