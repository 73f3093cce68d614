import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm, Result, Skeleton, Space } from 'antd';
import { PROFILE_LIMITS, PROFILE_MESSAGES, SMS_SIGNATURE_PATTERN } from '@yaoshi/contracts/association-profile-rules';
import { SITE_SETTINGS_CACHE_KEY } from '@yaoshi/api-client/site-settings-api';
import { showMessage } from '@yaoshi/ui/show-message';
import { useAssociationProfileQuery, useAssociationProfileSaveMutation } from './association-profile-api';
import { RichTextField } from '../kit/rich-text-field';
import { formValuesOf, profileOf, type ProfileFormValues } from './profile-form';

export const PROFILE_PAGE_TEXTS = {
  loadError: '协会信息加载失败',
  retry: '重试',
  save: '保存',
  confirmTitle: '保存协会信息？',
  confirmDescription: '保存后网站各页面、短信签名立即使用新的信息，此操作记入审计日志。',
  confirmOk: '确认保存',
  saved: '协会信息已保存',
  empty: '尚未填写协会信息：填写并保存后，网站即显示本协会的名称和内容。',
} as const;

const M = PROFILE_MESSAGES;
const L = PROFILE_LIMITS;

/** 协会信息 (内容编辑, issue 20): the association's name, texts and contact details, saved whole and audited. */
export function AssociationProfilePage() {
  const query = useAssociationProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useAssociationProfileSaveMutation();
  const [form] = Form.useForm<ProfileFormValues>();

  useEffect(() => {
    if (query.data) form.setFieldsValue(formValuesOf(query.data));
  }, [query.data, form]);

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError || !query.data) {
    return (
      <Result
        status="error"
        title={PROFILE_PAGE_TEXTS.loadError}
        extra={<Button onClick={() => void query.refetch()}>{PROFILE_PAGE_TEXTS.retry}</Button>}
      />
    );
  }

  const submit = async () => {
    let values: ProfileFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows each field's message
    }
    try {
      const saved = await save(profileOf(values)).unwrap();
      form.setFieldsValue(formValuesOf(saved));
      // This browser's copy of the site settings is stale now.
      sessionStorage.removeItem(SITE_SETTINGS_CACHE_KEY);
      showMessage(PROFILE_PAGE_TEXTS.saved);
    } catch {
      // The error catalogue has shown the server's message; the form keeps the input.
    }
  };

  return (
    <Form<ProfileFormValues>
      form={form}
      layout="vertical"
      aria-label="协会信息"
      initialValues={formValuesOf(query.data)}
      style={{ maxWidth: 1100 }}
    >
      {query.data.name === '' && (
        <Alert type="info" showIcon title={PROFILE_PAGE_TEXTS.empty} style={{ marginBottom: 16 }} />
      )}
      <Card title="名称与短信" size="small" style={{ marginBottom: 16 }}>
        <Form.Item
          name="name"
          label="协会名称"
          rules={[
            { required: true, whitespace: true, message: M.nameRequired },
            { max: L.name, message: M.nameTooLong },
          ]}
        >
          <Input maxLength={L.name} placeholder="例如：某某省药师协会" />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item
            name="short_name"
            label="协会简称"
            rules={[
              { required: true, whitespace: true, message: M.shortNameRequired },
              { max: L.shortName, message: M.shortNameTooLong },
            ]}
          >
            <Input maxLength={L.shortName} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item
            name="sms_signature"
            label="短信签名"
            extra="须与短信服务商审核通过的签名一致，发送时显示为【签名】"
            rules={[{ required: true, pattern: SMS_SIGNATURE_PATTERN, message: M.signatureInvalid }]}
          >
            <Input maxLength={L.smsSignature} style={{ width: 240 }} />
          </Form.Item>
        </Space>
      </Card>

      <Card title="协会简介" size="small" style={{ marginBottom: 16 }}>
        <Form.List name="introduction">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  type="inner"
                  title={`第 ${index + 1} 节`}
                  style={{ marginBottom: 12 }}
                  extra={
                    <Space>
                      <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
                        上移
                      </Button>
                      <Button
                        size="small"
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        下移
                      </Button>
                      <Button size="small" danger onClick={() => remove(field.name)}>
                        删除
                      </Button>
                    </Space>
                  }
                >
                  <Form.Item
                    name={[field.name, 'title']}
                    label="章节标题"
                    rules={[
                      { required: true, whitespace: true, message: M.chapterTitleRequired },
                      { max: L.chapterTitle, message: M.chapterTitleTooLong },
                    ]}
                  >
                    <Input maxLength={L.chapterTitle} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'html']} label="章节内容">
                    <RichTextField label={`第 ${index + 1} 节内容`} minHeight={160} />
                  </Form.Item>
                </Card>
              ))}
              <Button onClick={() => add({ title: '', html: '' })} disabled={fields.length >= L.chapters}>
                添加章节
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      <Card title="协会章程" size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="charter" noStyle>
          <RichTextField label="协会章程" />
        </Form.Item>
      </Card>

      <Card title="联系方式" size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="address" label="地址" rules={[{ max: L.address, message: M.addressTooLong }]}>
          <Input maxLength={L.address} />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="postcode" label="邮编" rules={[{ pattern: /^(\d{6})?$/, message: M.postcodeInvalid }]}>
            <Input maxLength={6} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="supervision_phone" label="监督电话">
            <Input maxLength={L.phone} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="longitude" label="地图经度">
            <InputNumber min={-180} max={180} step={0.0001} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="latitude" label="地图纬度">
            <InputNumber min={-90} max={90} step={0.0001} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.List name="support_phones">
          {(fields, { add, remove }) => (
            <Form.Item label="服务电话">
              <Space wrap>
                {fields.map((field, index) => (
                  <Space.Compact key={field.key}>
                    <Form.Item name={field.name} noStyle>
                      <Input aria-label={`服务电话 ${index + 1}`} maxLength={L.phone} style={{ width: 180 }} />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)}>删除</Button>
                  </Space.Compact>
                ))}
                <Button onClick={() => add('')} disabled={fields.length >= L.supportPhones}>
                  添加电话
                </Button>
              </Space>
            </Form.Item>
          )}
        </Form.List>
      </Card>

      <Card title="页脚" size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="footer_lines" label="页脚附加文字（每行一条）" extra="显示在网站页脚的版权信息下方">
          <Input.TextArea rows={3} />
        </Form.Item>
      </Card>

      <Card title="学员协议与隐私政策" size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="learner_agreement" label="学员协议">
          <RichTextField label="学员协议" minHeight={200} />
        </Form.Item>
        <Form.Item
          name="privacy_policy"
          label="隐私政策"
          extra="网站的《个人信息与隐私政策》依次显示学员协议和隐私政策"
        >
          <RichTextField label="隐私政策" minHeight={200} />
        </Form.Item>
      </Card>

      <Popconfirm
        title={PROFILE_PAGE_TEXTS.confirmTitle}
        description={PROFILE_PAGE_TEXTS.confirmDescription}
        okText={PROFILE_PAGE_TEXTS.confirmOk}
        cancelText="取消"
        onConfirm={() => void submit()}
      >
        <Button type="primary" loading={saving}>
          {PROFILE_PAGE_TEXTS.save}
        </Button>
      </Popconfirm>
    </Form>
  );
}
