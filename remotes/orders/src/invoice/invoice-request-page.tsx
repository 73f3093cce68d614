import { useNavigate, useSearchParams } from '@yaoshi/ui/router';
import { Button, Form, Input, Radio, Select, Space } from 'antd';
import { Title } from '@yaoshi/ui/typography';
import type { InvoiceRequest } from '@yaoshi/contracts/orders';
import {
  INVOICE_KIND,
  INVOICE_KIND_LABELS,
  INVOICE_REMARK_MAX_LENGTH,
  INVOICE_REQUEST_KIND,
  INVOICE_TITLE_TYPE,
  INVOICE_TITLE_TYPE_LABELS,
  ORDER_MESSAGES,
  type InvoiceKind,
  type InvoiceTitleType,
} from '@yaoshi/contracts/order-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import { PAGE_TITLES } from '../page-titles';
import { INVOICE_RULES, PHONE_MAX_LENGTH } from '../order-form-rules';
import { useSubmitInvoiceInforApiMutation } from '../orders-api';

interface InvoiceForm {
  order_id: string;
  invoice_type: InvoiceKind;
  type: InvoiceTitleType;
  invoice_title?: string;
  tax_number?: string;
  phone: string;
  email: string;
  remark?: string;
}

/**
 * /requestInvoice?type=&orderId= (spec 02 §5): the electronic invoice form. `type` 2 is a
 * new request after a failed one. On success the message, then back one page.
 */
export default function InvoiceRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<InvoiceForm>();
  const titleType = Form.useWatch('type', form);
  const enterprise = titleType === INVOICE_TITLE_TYPE.enterprise;
  const [submit, { isLoading }] = useSubmitInvoiceInforApiMutation();
  const again = params.get('type') === String(INVOICE_REQUEST_KIND.again);

  const onFinish = async (values: InvoiceForm) => {
    const payload: InvoiceRequest = {
      order_id: values.order_id.trim(),
      invoice_type: values.invoice_type,
      type: values.type,
      invoice_title: values.invoice_title?.trim() ?? '',
      tax_number: values.type === INVOICE_TITLE_TYPE.enterprise ? (values.tax_number?.trim().toUpperCase() ?? '') : '',
      phone: values.phone.trim(),
      email: values.email.trim(),
      remark: values.remark?.trim() ?? '',
      invoice_detail: '',
    };
    try {
      await submit(payload).unwrap();
    } catch {
      return; // the error catalogue has shown the server's reason; the form keeps what was typed
    }
    showMessage(ORDER_MESSAGES.invoiceSubmitted);
    void navigate(-1);
  };

  return (
    <section>
      <Title level={3} data-testid="page-title">
        {again ? '重新申请发票' : PAGE_TITLES['./RequestInvoice']}
      </Title>
      <Form<InvoiceForm>
        form={form}
        aria-label="申请发票"
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        style={{ maxWidth: 720 }}
        initialValues={{
          order_id: params.get('orderId') ?? '',
          invoice_type: INVOICE_KIND.vatElectronicOrdinary,
          type: INVOICE_TITLE_TYPE.personal,
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item label="订单号" name="order_id" rules={INVOICE_RULES.orderId}>
          <Input aria-label="订单号" inputMode="numeric" />
        </Form.Item>
        <Form.Item label="发票类型" name="invoice_type" rules={INVOICE_RULES.invoiceType}>
          <Select
            aria-label="发票类型"
            options={Object.values(INVOICE_KIND).map((value) => ({ value, label: INVOICE_KIND_LABELS[value] }))}
          />
        </Form.Item>
        <Form.Item label="抬头类型" name="type" rules={INVOICE_RULES.titleType}>
          <Radio.Group
            aria-label="抬头类型"
            options={[INVOICE_TITLE_TYPE.personal, INVOICE_TITLE_TYPE.enterprise].map((value) => ({
              value,
              label: INVOICE_TITLE_TYPE_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          label="发票抬头"
          name="invoice_title"
          dependencies={['type']}
          rules={INVOICE_RULES.invoiceTitle(() => form.getFieldValue('type'))}
          extra={enterprise ? undefined : '个人发票可不填，默认为学员本人姓名'}
        >
          <Input aria-label="发票抬头" placeholder={enterprise ? '单位全称' : '个人姓名'} />
        </Form.Item>
        {enterprise && (
          <Form.Item
            label="税号"
            name="tax_number"
            dependencies={['type']}
            rules={INVOICE_RULES.taxNumber(() => form.getFieldValue('type'))}
          >
            <Input aria-label="税号" placeholder="纳税人识别号 / 统一社会信用代码" />
          </Form.Item>
        )}
        <Form.Item label="手机号" name="phone" rules={INVOICE_RULES.phone}>
          <Input aria-label="手机号" inputMode="tel" maxLength={PHONE_MAX_LENGTH} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={INVOICE_RULES.email} extra="电子发票将发送至该邮箱">
          <Input aria-label="邮箱" inputMode="email" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={INVOICE_RULES.remark}>
          <Input.TextArea aria-label="备注" rows={3} maxLength={INVOICE_REMARK_MAX_LENGTH} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              提交
            </Button>
            <Button onClick={() => void navigate(-1)}>返回</Button>
          </Space>
        </Form.Item>
      </Form>
    </section>
  );
}
