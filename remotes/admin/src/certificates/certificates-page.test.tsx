import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { CertificateRow } from '@yaoshi/contracts/certificates';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { CERTIFICATE_PAGE_TEXTS, CertificatesPage } from './certificates-page';

afterEach(() => act(() => message.destroy()));

const ROW: CertificateRow = {
  id: 1,
  certificate_no: 'XS2026ABCDEFGH12',
  learner_id: 5,
  learner_name: '陈静',
  id_number_masked: '320102********0020',
  year: 2026,
  class_hour: 90,
  issued_at: '2026-11-20 10:00:00',
  revoked_at: null,
  revoked_reason: null,
  revoked_by: null,
};

const ME = { username: 'reg', name: '登记员', roles: ['学员管理'], permissions: ['learners.read', 'learners.write'] };

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <CertificatesPage />
    </Provider>,
  );
}

test('asks for a number or a learner first, then lists what it finds', async () => {
  const calls = stubApi({ '/v1/admin/me': () => ok(ME), '/v1/admin/certificates': () => ok({ list: [ROW] }) });
  renderPage();
  expect(screen.getByText(CERTIFICATE_PAGE_TEXTS.prompt)).toBeInTheDocument();
  expect(calls.some((call) => call.path === '/v1/admin/certificates')).toBe(false);
  fireEvent.change(screen.getByLabelText('学员'), { target: { value: '13500004444' } });
  await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  const row = await screen.findByRole('row', { name: /XS2026ABCDEFGH12/ });
  expect(row).toHaveTextContent('陈静');
  expect(row).toHaveTextContent('90.0');
  expect(calls.find((call) => call.path === '/v1/admin/certificates')?.payload).toMatchObject({
    learner: '13500004444',
  });
});

test('revoking asks for a reason in a confirmation, then sends it', async () => {
  let revoked = false;
  const calls = stubApi({
    '/v1/admin/me': () => ok(ME),
    '/v1/admin/certificates': () =>
      ok({
        list: [
          revoked ? { ...ROW, revoked_at: '2026-11-25 10:00:00', revoked_reason: '发放有误', revoked_by: 'reg' } : ROW,
        ],
      }),
    '/v1/admin/certificates/revoke': () => {
      revoked = true;
      return ok({ ...ROW, revoked_at: '2026-11-25 10:00:00', revoked_reason: '发放有误', revoked_by: 'reg' });
    },
  });
  renderPage();
  fireEvent.change(screen.getByLabelText('证书编号'), { target: { value: ROW.certificate_no } });
  await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  const row = await screen.findByRole('row', { name: /XS2026ABCDEFGH12/ });
  await userEvent.click(await within(row).findByRole('button', { name: /撤\s*销/ }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('撤销 陈静 2026年度的学时证明 XS2026ABCDEFGH12？');
  expect(calls.some((call) => call.path === '/v1/admin/certificates/revoke')).toBe(false);
  fireEvent.change(within(dialog).getByLabelText('撤销原因'), { target: { value: '发放有误' } });
  await userEvent.click(within(dialog).getByRole('button', { name: '确认撤销' }));
  expect(await screen.findByText(CERTIFICATE_PAGE_TEXTS.revokedDone)).toBeInTheDocument();
  expect(calls.filter((call) => call.path === '/v1/admin/certificates/revoke').map((call) => call.payload)).toEqual([
    expect.objectContaining({ certificate_no: ROW.certificate_no, reason: '发放有误' }),
  ]);
  expect(await screen.findByText(CERTIFICATE_PAGE_TEXTS.revoked)).toBeInTheDocument();
});
