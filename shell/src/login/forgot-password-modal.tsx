import { Button, Form, Input, Modal, Space } from 'antd';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { showMessage } from '@yaoshi/ui/show-message';
import { useForgetMutation, type ForgetRequest } from './account-api';
import { CodeButton } from './code-button';
import { useRequestCode } from './use-request-code';
import { FORGET_RULES, LOGIN_LIMITS } from './login-rules';

/**
 * 忘记密码 (spec 01 §4, §5): closed by 取消, or after 修改成功. An antd dialog, opened from the
 * home page's login box: it is loaded on that click, with antd's context (see the login panel).
 */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ForgetRequest>();
  const [forget, { isLoading }] = useForgetMutation();

  const close = () => {
    form.resetFields();
    onClose();
  };
  const requestCode = useRequestCode(
    () => String(form.getFieldValue('phone') ?? ''),
    () => form.setFields([{ name: 'phone', errors: [] }]),
  );
  const onFinish = async (values: ForgetRequest) => {
    try {
      await forget(values).unwrap();
    } catch {
      return; // the error catalogue has shown the server's message
    }
    showMessage(ACCOUNT_MESSAGES.changeSuccess);
    close();
  };

  return (
    <Modal title="忘记密码" open={open} onCancel={close} footer={null} destroyOnHidden>
      <Form<ForgetRequest>
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        aria-label="忘记密码"
      >
        <Form.Item label="身份证号" name="idcard" rules={FORGET_RULES.idcard}>
          <Input maxLength={LOGIN_LIMITS.usernameMaxLength} />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={FORGET_RULES.phone}>
          <Input maxLength={LOGIN_LIMITS.phoneLength} />
        </Form.Item>
        <Form.Item label="验证码" required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="vcode" rules={FORGET_RULES.vcode} noStyle>
              <Input maxLength={LOGIN_LIMITS.codeMaxLength} aria-label="验证码" />
            </Form.Item>
            <CodeButton send={requestCode} />
          </div>
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={FORGET_RULES.password}>
          <Input.Password autoComplete="new-password" aria-label="新密码" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirm_password" rules={FORGET_RULES.confirmPassword}>
          <Input.Password autoComplete="new-password" aria-label="确认新密码" />
        </Form.Item>
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={close}>取消</Button>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            确定
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
