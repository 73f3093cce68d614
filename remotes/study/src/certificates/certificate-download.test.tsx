import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { CERTIFICATE_TEXTS, CertificateDownload } from './certificate-download';

jest.setTimeout(30_000);

function renderButton(enabled = true) {
  render(
    <Provider store={createTestStore()}>
      <CertificateDownload year={2026} enabled={enabled} />
    </Provider>,
  );
}

afterEach(() => act(() => message.destroy()));

test('a complete year offers 下载学时证明, which downloads the PDF the server issues', async () => {
  const createObjectURL = jest.fn(() => 'blob:certificate');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const calls = stubApi({
    '/v1/certificate_status': () => ok({ year: 2026, available: 1, certificate_no: null, revoked: 0 }),
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
    '/v1/certificate_status': () => ok({ year: 2026, available: 0, certificate_no: null, revoked: 0 }),
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
    '/v1/certificate_status': () => ok({ year: 2026, available: 0, certificate_no: 'XS20260000000000', revoked: 1 }),
  });
  renderButton();
  expect(await screen.findByText(CERTIFICATE_TEXTS.revoked)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: CERTIFICATE_TEXTS.download })).toBeNull();
});

test('a status the server cannot answer shows an error', async () => {
  stubApi({ '/v1/certificate_status': () => fail(500, '服务器繁忙') });
  renderButton();
  expect(await screen.findByText(CERTIFICATE_TEXTS.loadFailed)).toBeInTheDocument();
});
