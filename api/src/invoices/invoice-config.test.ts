import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, configFromEnv } from '../config';
import { taxIncludedFen, yuanText } from './invoice-provider';

test('the invoice line and provider come from configuration, with 培训费 at 6% by default', () => {
  const config = configFromEnv({});
  assert.equal(config.invoiceProvider, 'sandbox');
  assert.deepEqual(config.invoiceLine, { name: '培训费', taxRate: '0.06', taxCode: '3070201020000000000' });
  const small = configFromEnv({
    INVOICE_PROVIDER: 'nuonuo',
    INVOICE_TAX_RATE: '0.03',
    INVOICE_LINE_NAME: '继续教育培训费',
  });
  assert.equal(small.invoiceProvider, 'nuonuo');
  assert.deepEqual(small.invoiceLine, { name: '继续教育培训费', taxRate: '0.03', taxCode: '3070201020000000000' });
});

test('a provider, rate or code that cannot be right is refused, named', () => {
  assert.throws(
    () => configFromEnv({ INVOICE_PROVIDER: 'baiwang' }),
    (e: unknown) => e instanceof ConfigError && /INVOICE_PROVIDER must be one of sandbox, nuonuo/.test(e.message),
  );
  assert.throws(() => configFromEnv({ INVOICE_TAX_RATE: '6%' }), /INVOICE_TAX_RATE must be a decimal/);
  assert.throws(() => configFromEnv({ INVOICE_TAX_CODE: '307' }), /INVOICE_TAX_CODE must be the 19-digit/);
  for (const bad of ['0', '3601', '1.5', 'soon'])
    assert.throws(() => configFromEnv({ INVOICE_POLL_SECONDS: bad }), /INVOICE_POLL_SECONDS must be/, bad);
});

test('the poll job asks again after 30 seconds unless INVOICE_POLL_SECONDS says otherwise', () => {
  assert.equal(configFromEnv({}).invoicePollSeconds, 30);
  assert.equal(configFromEnv({ INVOICE_POLL_SECONDS: '5' }).invoicePollSeconds, 5);
});

test('tax inside a tax-included amount, to the fen', () => {
  assert.equal(taxIncludedFen(20000, '0.13'), 2301);
  assert.equal(taxIncludedFen(3000, '0.06'), 170);
  assert.equal(yuanText(-3000), '-30.00');
});
