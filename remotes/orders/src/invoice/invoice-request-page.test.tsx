import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { renderPage } from '../testing/render-page';
import InvoiceRequestPage from './invoice-request-page';

afterEach(() => act(() => message.destroy()));

/** Sets a field at once (typing key by key into antd inputs is slow in jsdom). */
const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
const submit = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: /提\s*交/ }));

test('every rule of spec 02 §5 is shown before anything is sent; then the request, the message, and back one page', async () => {
  const received = stubApi({ '/v1/receipt': () => ok(null) });
  renderPage(<InvoiceRequestPage />, '/requestInvoice?type=1&orderId=2024080058');
  const form = screen.getByRole('form', { name: '申请发票' });
  expect(screen.getByTestId('page-title')).toHaveTextContent('申请发票');
  expect(within(form).getByText('增值税电子普通发票')).toBeInTheDocument();
  expect(within(form).getByLabelText('订单号')).toHaveValue('2024080058');

  // Personal by default: title and tax number not required; phone and email are.
  await submit(form);
  expect(await within(form).findByText('请输入手机号')).toBeInTheDocument();
  expect(within(form).getByText('请输入邮箱')).toBeInTheDocument();
  expect(within(form).queryByText('请输入发票抬头')).not.toBeInTheDocument();
  expect(within(form).queryByLabelText('税号')).not.toBeInTheDocument();

  // Enterprise: title and tax number become required.
  await userEvent.click(within(form).getByLabelText('企业'));
  await submit(form);
  expect(await within(form).findByText('请输入发票抬头')).toBeInTheDocument();
  expect(within(form).getByText('请输入税号')).toBeInTheDocument();

  fill(form, '手机号', '16612345678');
  fill(form, '邮箱', 'caiwu@');
  expect(await within(form).findByText('请输入正确的手机号')).toBeInTheDocument();
  expect(await within(form).findByText('请输入正确的邮箱')).toBeInTheDocument();
  // At most 11 digits can be typed (spec 02 §9).
  expect(within(form).getByLabelText('手机号')).toHaveAttribute('maxlength', '11');
  fill(form, '订单号', '');
  fill(form, '订单号', 'NO1');
  expect(await within(form).findByText('订单号只能为数字')).toBeInTheDocument();
  expect(received).toHaveLength(0);

  fill(form, '订单号', '');
  fill(form, '订单号', '2024080058');
  fill(form, '发票抬头', '上海市浦东新区人民医院');
  fill(form, '税号', '91310115ma1h7abc3x');
  fill(form, '手机号', '');
  fill(form, '手机号', '13712345678');
  fill(form, '邮箱', 'caiwu@hospital.cn');
  fill(form, '备注', '请开具培训费');
  await submit(form);
  expect(await screen.findByText('提交成功，发票审核中')).toBeInTheDocument();
  expect(received.map((call) => call.payload)).toEqual([
    expect.objectContaining({
      order_id: '2024080058',
      invoice_type: 1,
      type: 2,
      invoice_title: '上海市浦东新区人民医院',
      tax_number: '91310115MA1H7ABC3X',
      phone: '13712345678',
      email: 'caiwu@hospital.cn',
      remark: '请开具培训费',
      invoice_detail: '',
    }),
  ]);
  expect(screen.getByTestId('location')).toHaveTextContent('/myOrder');
});

test('a re-request after a failure says so in its title; a personal invoice sends no tax number', async () => {
  const received = stubApi({ '/v1/receipt': () => ok(null) });
  renderPage(<InvoiceRequestPage />, '/requestInvoice?type=2&orderId=12');
  expect(screen.getByTestId('page-title')).toHaveTextContent('重新申请发票');
  const form = screen.getByRole('form', { name: '申请发票' });
  fill(form, '手机号', '15812345678');
  fill(form, '邮箱', 'wang@example.com');
  await submit(form);
  expect(await screen.findByText('提交成功，发票审核中')).toBeInTheDocument();
  expect(received[0]?.payload).toMatchObject({ order_id: '12', type: 1, invoice_title: '', tax_number: '' });
});
