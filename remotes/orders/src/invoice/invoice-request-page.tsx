import { useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams } from '@yaoshi/ui/router';
import { Button, Space } from 'antd';
import { Title } from '@yaoshi/ui/typography';
import { FormRow, SiteInputStyles, focusFirstProblem, problemPropsOf } from '@yaoshi/ui/site-form';
import { Select } from '@yaoshi/ui/site-select';
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
import { INVOICE_PROBLEMS, PHONE_MAX_LENGTH } from '../order-form-rules';
import { useSubmitInvoiceInforApiMutation } from '../orders-api';
import { tokens } from '@yaoshi/ui/site-tokens';

type TextField = 'order_id' | 'invoice_title' | 'tax_number' | 'phone' | 'email' | 'remark';

interface InvoiceForm extends Record<TextField, string> {
  invoice_type: InvoiceKind;
  type: InvoiceTitleType;
}

const LABEL: Record<TextField, string> = {
  order_id: '订单号',
  invoice_title: '发票抬头',
  tax_number: '税号',
  phone: '手机号',
  email: '邮箱',
  remark: '备注',
};
const TEXT_FIELDS = Object.keys(LABEL) as TextField[];
const inputIdOf = (field: TextField) => `invoice-${field.replace('_', '-')}`;

/** The problem with a text field's value in the form as it stands (the tax number only for an enterprise). */
function problemOf(field: TextField, form: InvoiceForm): string | undefined {
  switch (field) {
    case 'order_id':
      return INVOICE_PROBLEMS.orderId(form.order_id);
    case 'invoice_title':
      return INVOICE_PROBLEMS.invoiceTitle(form.invoice_title, form.type);
    case 'tax_number':
      return form.type === INVOICE_TITLE_TYPE.enterprise
        ? INVOICE_PROBLEMS.taxNumber(form.tax_number, form.type)
        : undefined;
    case 'phone':
      return INVOICE_PROBLEMS.phone(form.phone);
    case 'email':
      return INVOICE_PROBLEMS.email(form.email);
    case 'remark':
      return INVOICE_PROBLEMS.remark(form.remark);
  }
}

const TITLE_TYPES = [INVOICE_TITLE_TYPE.personal, INVOICE_TITLE_TYPE.enterprise] as const;

/**
 * /requestInvoice?type=&orderId= (spec 02 §5): the electronic invoice form. `type` 2 is a
 * new request after a failed one. On success the message, then back one page. Fields are
 * checked as they are edited and all at 提交, in plain markup rather than antd's Form (see
 * @yaoshi/ui/site-form).
 */
export default function InvoiceRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [submit, { isLoading }] = useSubmitInvoiceInforApiMutation();
  const again = params.get('type') === String(INVOICE_REQUEST_KIND.again);
  const [form, setForm] = useState<InvoiceForm>({
    order_id: params.get('orderId') ?? '',
    invoice_type: INVOICE_KIND.vatElectronicOrdinary,
    type: INVOICE_TITLE_TYPE.personal,
    invoice_title: '',
    tax_number: '',
    phone: '',
    email: '',
    remark: '',
  });
  const [problems, setProblems] = useState<Partial<Record<TextField, string>>>({});
  const enterprise = form.type === INVOICE_TITLE_TYPE.enterprise;
  // What a field is for, under it (and kept under a problem): the title only for a person.
  const hints: Partial<Record<TextField, string>> = {
    invoice_title: enterprise ? undefined : '个人发票可不填，默认为学员本人姓名',
    email: '电子发票将发送至该邮箱',
  };

  const edit = (field: TextField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...form, [field]: event.target.value };
    setForm(next);
    setProblems((current) => ({ ...current, [field]: problemOf(field, next) }));
  };

  const chooseTitleType = (type: InvoiceTitleType) => {
    const next = { ...form, type };
    setForm(next);
    // The title and the tax number are required for an enterprise only: check them again where shown.
    setProblems((current) => ({
      ...current,
      invoice_title: current.invoice_title === undefined ? undefined : problemOf('invoice_title', next),
      tax_number: current.tax_number === undefined ? undefined : problemOf('tax_number', next),
    }));
  };

  const onSubmit = async () => {
    const found = Object.fromEntries(TEXT_FIELDS.map((field) => [field, problemOf(field, form)]));
    setProblems(found);
    if (focusFirstProblem(TEXT_FIELDS, found, inputIdOf)) return;
    const payload: InvoiceRequest = {
      order_id: form.order_id.trim(),
      invoice_type: form.invoice_type,
      type: form.type,
      invoice_title: form.invoice_title.trim(),
      tax_number: enterprise ? form.tax_number.trim().toUpperCase() : '',
      phone: form.phone.trim(),
      email: form.email.trim(),
      remark: form.remark.trim(),
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

  const inputProps = (field: TextField) => ({
    id: inputIdOf(field),
    // The field's name alone (the visible label adds the required mark and a colon).
    'aria-label': LABEL[field],
    className: 'site-input',
    value: form[field],
    onChange: edit(field),
    ...problemPropsOf(inputIdOf(field), problems[field], hints[field] !== undefined),
  });

  return (
    <section>
      <SiteInputStyles />
      <Title level={3} data-testid="page-title">
        {again ? '重新申请发票' : PAGE_TITLES['./RequestInvoice']}
      </Title>
      <form
        aria-label="申请发票"
        noValidate
        style={{ maxWidth: 720 }}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <FormRow label={LABEL.order_id} inputId={inputIdOf('order_id')} required problem={problems.order_id}>
          <input {...inputProps('order_id')} inputMode="numeric" />
        </FormRow>
        <FormRow label="发票类型" required>
          <Select<InvoiceKind>
            aria-label="发票类型"
            value={form.invoice_type}
            onChange={(invoice_type) => setForm({ ...form, invoice_type })}
            options={Object.values(INVOICE_KIND).map((value) => ({ value, label: INVOICE_KIND_LABELS[value] }))}
            style={{ width: '100%' }}
          />
        </FormRow>
        <FormRow label="抬头类型" required>
          <div
            role="radiogroup"
            aria-label="抬头类型"
            style={{ display: 'flex', gap: 24, lineHeight: '32px', fontSize: 14 }}
          >
            {TITLE_TYPES.map((type) => (
              <label key={type} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
                <input
                  type="radio"
                  name="invoice-title-type"
                  checked={form.type === type}
                  onChange={() => chooseTitleType(type)}
                  style={{ margin: 0, accentColor: tokens.colorPrimary }}
                />
                {INVOICE_TITLE_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </FormRow>
        <FormRow
          label={LABEL.invoice_title}
          inputId={inputIdOf('invoice_title')}
          required={enterprise}
          problem={problems.invoice_title}
          hint={hints.invoice_title}
        >
          <input {...inputProps('invoice_title')} placeholder={enterprise ? '单位全称' : '个人姓名'} />
        </FormRow>
        {enterprise && (
          <FormRow label={LABEL.tax_number} inputId={inputIdOf('tax_number')} required problem={problems.tax_number}>
            <input {...inputProps('tax_number')} placeholder="纳税人识别号 / 统一社会信用代码" />
          </FormRow>
        )}
        <FormRow label={LABEL.phone} inputId={inputIdOf('phone')} required problem={problems.phone}>
          <input {...inputProps('phone')} inputMode="tel" maxLength={PHONE_MAX_LENGTH} />
        </FormRow>
        <FormRow label={LABEL.email} inputId={inputIdOf('email')} required problem={problems.email} hint={hints.email}>
          <input {...inputProps('email')} inputMode="email" />
        </FormRow>
        <FormRow label={LABEL.remark} inputId={inputIdOf('remark')} problem={problems.remark}>
          <textarea {...inputProps('remark')} rows={3} maxLength={INVOICE_REMARK_MAX_LENGTH} />
        </FormRow>
        <FormRow>
          <Space>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              提交
            </Button>
            <Button onClick={() => void navigate(-1)}>返回</Button>
          </Space>
        </FormRow>
      </form>
    </section>
  );
}
