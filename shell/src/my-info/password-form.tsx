import { Button, Form, Input } from 'antd';
import type { PasswordChangeRequest } from '@yaoshi/contracts/accounts';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { showMessage } from '@yaoshi/ui/show-message';
import { useChangePasswordMutation } from './my-info-api';
import { PASSWORD_RULES } from './profile-rules';

/** 修改密码 (spec 01 §4, §5): 修改成功 clears the form. */
export function PasswordForm() {
  const [form] = Form.useForm<PasswordChangeRequest>();
  const [change, { isLoading }] = useChangePasswordMutation();
  const onFinish = async (values: PasswordChangeRequest) => {
    try {
      await change(values).unwrap();
    } catch {
      return; // the error catalogue has shown the server's message
    }
    showMessage(ACCOUNT_MESSAGES.changeSuccess);
    form.resetFields();
  };
  return (
    <Form<PasswordChangeRequest>
      form={form}
      aria-label="修改密码"
      layout="vertical"
      style={{ maxWidth: 400 }}
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item label="新密码" name="newpasswd" rules={PASSWORD_RULES.newpasswd} validateFirst>
        <Input.Password aria-label="新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmpasswd"
        dependencies={['newpasswd']}
        validateFirst
        rules={PASSWORD_RULES.confirmpasswd(() => form.getFieldValue('newpasswd'))}
      >
        <Input.Password aria-label="确认密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        提交
      </Button>
    </Form>
  );
}
