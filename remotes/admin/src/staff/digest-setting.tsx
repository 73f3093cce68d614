import { useEffect } from 'react';
import { Button, Card, Form, Input, Switch, Typography } from 'antd';
import { api } from '@yaoshi/api-client/api';
import * as mailRoutes from '@yaoshi/contracts/routes/mail';
import type { StaffDigestSetting } from '@yaoshi/contracts/mail';
import { showMessage } from '@yaoshi/ui/show-message';

/** 每日待办邮件 (issue 37): the staff member's own opt-in, on their account page. */
const digestApi = api.enhanceEndpoints({ addTagTypes: ['StaffDigest'] }).injectEndpoints({
  endpoints: (build) => ({
    myDigest: build.query<StaffDigestSetting, void>({
      query: () => ({ route: mailRoutes.myDigest, payload: {} }),
      providesTags: ['StaffDigest'],
    }),
    saveMyDigest: build.mutation<StaffDigestSetting, StaffDigestSetting>({
      query: (payload) => ({ route: mailRoutes.saveMyDigest, payload: { ...payload } }),
      invalidatesTags: ['StaffDigest'],
    }),
  }),
});
const { useMyDigestQuery, useSaveMyDigestMutation } = digestApi;

export function DigestSettingCard() {
  const [form] = Form.useForm<StaffDigestSetting>();
  const setting = useMyDigestQuery();
  const [save, saving] = useSaveMyDigestMutation();
  const enabled = Form.useWatch('enabled', form);
  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data);
  }, [setting.data, form]);
  const submit = async (values: StaffDigestSetting) => {
    try {
      await save({ enabled: values.enabled, email: values.enabled ? values.email.trim() : '' }).unwrap();
      showMessage(values.enabled ? '已开启每日待办邮件' : '已关闭每日待办邮件', { type: 'success' });
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <Card style={{ maxWidth: 520, marginTop: 16 }} title="每日待办邮件">
      <Typography.Paragraph type="secondary">
        每天早上8点，将您的角色可处理的待办数量（待审核退款、待开具发票、待审核人脸照片、待审核学习档案）发送到您的邮箱；没有待办时不发送。
      </Typography.Paragraph>
      <Form<StaffDigestSetting>
        form={form}
        layout="vertical"
        initialValues={{ enabled: false, email: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="enabled" label="接收每日待办邮件" valuePropName="checked">
          <Switch aria-label="接收每日待办邮件" />
        </Form.Item>
        {enabled && (
          <Form.Item
            name="email"
            label="邮箱"
            rules={[{ required: true, type: 'email', whitespace: true, message: '请填写有效的邮箱' }]}
            // An address pasted with spaces around it is taken without them.
            normalize={(value: unknown) => (typeof value === 'string' ? value.trim() : value)}
          >
            <Input aria-label="邮箱" maxLength={100} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={saving.isLoading}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
