import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ORDER_MESSAGES as M, isInvoicePhone, isOrderNo, isTaxNumber, isInvoiceEmail } from './order-rules';
import { isMobilePhone } from './identity-rules';
import { invoiceRequestSchema, refundRequestSchema, cancelOrderRequestSchema } from './orders';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('order form rules (spec 02 §5)', () => {
  test('order numbers: digits only', () => {
    for (const ok of ['1', '2024080058', '0'.repeat(32)]) assert.ok(isOrderNo(ok), ok);
    for (const bad of ['', 'A123', '12 3', '１２３', '-1', '1.5', '1'.repeat(33)]) assert.ok(!isOrderNo(bad), bad);
  });

  test('invoice phone: 1, then 3/4/5/7/8, then 9 digits — stricter than the forgot-password pattern', () => {
    for (const ok of ['13712345678', '14712345678', '15812345678', '17012345678', '18912345678'])
      assert.ok(isInvoicePhone(ok), ok);
    for (const bad of ['16612345678', '19912345678', '12012345678', '1371234567', '137123456789', '2371234567a'])
      assert.ok(!isInvoicePhone(bad), bad);
    // The difference named in order-rules.ts: 16x/19x pass the forgot-password form only.
    assert.ok(isMobilePhone('16612345678') && !isInvoicePhone('16612345678'));
  });

  test('email and tax number', () => {
    assert.ok(isInvoiceEmail('caiwu@hospital.org.cn'));
    for (const bad of ['caiwu', 'caiwu@', '@hospital.cn', 'a b@c.cn']) assert.ok(!isInvoiceEmail(bad), bad);
    for (const ok of ['91310115MA1H7ABC3X', '310115123456789', '12345678901234567', '12345678901234567890'])
      assert.ok(isTaxNumber(ok), ok);
    for (const bad of ['', '123', '91310115ma1h7abc3x', '1234567890123456', '9131011-MA1H7ABC3X'])
      assert.ok(!isTaxNumber(bad), bad);
  });

  test('the schemas refuse with the forms’ own texts', () => {
    assert.equal(firstMessage(cancelOrderRequestSchema.safeParse({ order_id: 'x1' })), M.orderNoDigits);
    assert.equal(firstMessage(cancelOrderRequestSchema.safeParse({})), M.orderNoRequired);
    assert.equal(firstMessage(refundRequestSchema.safeParse({ order_id: '12', reason: ' ' })), M.reasonRequired);
    const base = {
      order_id: '12',
      type: 2,
      invoice_title: '某某医院',
      tax_number: '91310115MA1H7ABC3X',
      phone: '13712345678',
      email: 'a@b.cn',
    };
    assert.ok(invoiceRequestSchema.safeParse(base).success);
    assert.equal(firstMessage(invoiceRequestSchema.safeParse({ ...base, invoice_title: '' })), M.invoiceTitleRequired);
    assert.equal(firstMessage(invoiceRequestSchema.safeParse({ ...base, tax_number: undefined })), M.taxNumberRequired);
    assert.equal(firstMessage(invoiceRequestSchema.safeParse({ ...base, phone: '16612345678' })), M.phoneInvalid);
    assert.equal(firstMessage(invoiceRequestSchema.safeParse({ ...base, email: 'x' })), M.emailInvalid);
    assert.equal(
      firstMessage(invoiceRequestSchema.safeParse({ ...base, type: '1', invoice_title: '', tax_number: '' })),
      undefined,
    );
    assert.equal(firstMessage(invoiceRequestSchema.safeParse({ ...base, type: 0 })), M.titleTypeRequired);
  });
});
