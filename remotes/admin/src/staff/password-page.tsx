import { Alert, Button, Card, Form, Input } from 'antd';
import { ADMIN_MESSAGES, type StaffPasswordChangeRequest } from '@yaoshi/contracts/staff-admin';
import { STAFF_PASSWORD_MIN_LENGTH } from '@yaoshi/contracts/staff-roles';
import { showMessage } from '@yaoshi/ui/show-message';
import { useAdminPasswordChangeMutation } from '../admin-api';

const M = ADMIN_MESSAGES;

export const PASSWORD_PAGE_TEXTS = {
  title: '修改密码',
  firstLogin: '首次登录，请先修改初始密码',
  firstLoginDetail: '初始密码由管理员生成并转交，修改后才能使用管理后台。',
  rule: `至少${STAFF_PASSWORD_MIN_LENGTH}位，须同时包含字母和数字，不能与当前密码相同`,
  otherSessions: '修改后，本账号在其他浏览器或设备上的登录将退出。',
  submit: '修改密码',
} as const;

interface PasswordForm extends StaffPasswordChangeRequest {
  confirm: string;
}

/**
 * 修改密码: a staff member replaces their own password. Forced at the first login of an account
 * whose password was generated (the console opens nothing else until then); any time after
 * from the header. The server checks the same rules (`staffPasswordChangeRequestSchema`).
 */
export function PasswordPage({ forced, onChanged }: { forced: boolean; onChanged: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const [change, { isLoading }] = useAdminPasswordChangeMutation();
  const submit = async (values: PasswordForm) => {
    try {
      await change({ current_password: values.current_password, new_password: values.new_password }).unwrap();
      form.resetFields();
      showMessage(M.passwordChanged);
      onChanged();
    } catch {
      // shown by the error catalogue; what was typed stays for a correction
    }
  };
  return (
    <Card style={{ maxWidth: 520 }}>
      {forced && (
        <Alert
          type="warning"
          showIcon
          title={PASSWORD_PAGE_TEXTS.firstLogin}
          description={PASSWORD_PAGE_TEXTS.firstLoginDetail}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        aria-label={PASSWORD_PAGE_TEXTS.title}
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="current_password"
          label={forced ? '初始密码' : '当前密码'}
          rules={[{ required: true, message: M.currentPasswordRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="新密码"
          extra={PASSWORD_PAGE_TEXTS.rule}
          dependencies={['current_password']}
          rules={[
            { required: true, message: M.newPasswordRequired },
            { min: STAFF_PASSWORD_MIN_LENGTH, message: M.passwordTooShort },
            { max: 128, message: M.passwordTooLong },
            { pattern: /[A-Za-z]/, message: M.newPasswordWeak },
            { pattern: /[0-9]/, message: M.newPasswordWeak },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                value && value === getFieldValue('current_password')
                  ? Promise.reject(new Error(M.newPasswordSame))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="再次输入新密码"
          dependencies={['new_password']}
          rules={[
            { required: true, message: M.newPasswordRequired },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(M.passwordsDiffer)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Alert type="info" title={PASSWORD_PAGE_TEXTS.otherSessions} style={{ marginBottom: 16 }} />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {PASSWORD_PAGE_TEXTS.submit}
        </Button>
      </Form>
    </Card>
  );
}
