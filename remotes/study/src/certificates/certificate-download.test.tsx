import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { ARCHIVE_REVIEW_MESSAGES } from '@yaoshi/contracts/archive-review-rules';
import { CERTIFICATE_TEXTS, CertificateDownload } from './certificate-download';

function renderButton(enabled = true) {
  render(
    <Provider store={createTestStore()}>
      <CertificateDownload year={2026} enabled={enabled} />
    </Provider>,
  );
}

afterEach(() => act(() => message.destroy()));

/** A year not complete: no certificate, no review yet. */
const NO_REVIEW = {
  year: 2026,
  available: 0,
  certificate_no: null,
  revoked: 0,
  review: null,
  review_due_on: null,
  review_reason: null,
};

test('a complete year offers 下载学时证明, which downloads the PDF the server issues', async () => {
  const createObjectURL = jest.fn(() => 'blob:certificate');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const calls = stubApi({
    '/v1/certificate_status': () => ok({ ...NO_REVIEW, available: 1, review: 'passed' }),
    '/v1/certificate_pdf': () =>
      ok({
        file_name: '学时证明-2026-XS20260000000000.pdf',
        pdf_base64: btoa('%PDF-1.3'),
        certificate_no: 'XS20260000000000',
        verify_url: 'https://example.org/verify?no=XS20260000000000',
      }),
  });
  renderButton();
  await userEvent.click(await screen.findByRole('button', { name: CERTIFICATE_TEXTS.download }));
  await screen.findByRole('button', { name: CERTIFICATE_TEXTS.download });
  expect(calls.find((call) => call.path === '/v1/certificate_pdf')?.payload).toMatchObject({ year: 2026 });
  expect(createObjectURL).toHaveBeenCalledTimes(1);
  expect(click).toHaveBeenCalledTimes(1);
  click.mockRestore();
});

test('a year not complete shows no button; a list not finished does not even ask', async () => {
  const calls = stubApi({
    '/v1/certificate_status': () => ok(NO_REVIEW),
  });
  renderButton();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(calls.some((call) => call.path === '/v1/certificate_status')).toBe(true);
  expect(screen.queryByRole('button')).toBeNull();

  const none = stubApi({});
  renderButton(false);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(none).toHaveLength(0);
});

test('a revoked certificate says so; a failed status says so', async () => {
  stubApi({
    '/v1/certificate_status': () =>
      ok({ ...NO_REVIEW, certificate_no: 'XS20260000000000', revoked: 1, review: 'passed' }),
  });
  renderButton();
  expect(await screen.findByText(CERTIFICATE_TEXTS.revoked)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: CERTIFICATE_TEXTS.download })).toBeNull();
});

test('a complete year under archive review says by when it ends, and offers no button', async () => {
  stubApi({
    '/v1/certificate_status': () => ok({ ...NO_REVIEW, review: 'pending', review_due_on: '2026-12-07' }),
  });
  renderButton();
  expect(await screen.findByText(ARCHIVE_REVIEW_MESSAGES.pendingForLearner('2026-12-07'))).toBeInTheDocument();
  expect(screen.getByText(/7个工作日内（2026-12-07前）/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: CERTIFICATE_TEXTS.download })).toBeNull();
});

test('a failed archive review shows its reason and no button', async () => {
  stubApi({
    '/v1/certificate_status': () => ok({ ...NO_REVIEW, review: 'rejected', review_reason: '存在代学行为' }),
  });
  renderButton();
  expect(
    await screen.findByText('您本年度的学习档案审核未通过：存在代学行为。如有疑问请联系协会。'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: CERTIFICATE_TEXTS.download })).toBeNull();
});

test('a status the server cannot answer shows an error', async () => {
  stubApi({ '/v1/certificate_status': () => fail(500, '服务器繁忙') });
  renderButton();
  expect(await screen.findByText(CERTIFICATE_TEXTS.loadFailed)).toBeInTheDocument();
});
