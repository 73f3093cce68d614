import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import type { CertificateVerification } from '@yaoshi/contracts/certificates';
import { renderPage } from '../testing/render-page';
import VerifyPage from './verify-page';
import { VERIFY_TEXTS } from './verify-texts';
import { SERVER_ANSWER_ID, forgetServerAnswer, serverAnswerJson } from './server-answer';

const NO = 'XS2026ABCDEFGH12';

function known(verdict: 'genuine' | 'revoked'): CertificateVerification {
  return {
    certificate_no: NO,
    verdict,
    name_masked: '张*明',
    year: 2026,
    class_hour: 90,
    issuer: '某省药师协会',
    issued_on: '2026-11-20',
    revoked_on: verdict === 'revoked' ? '2026-11-25' : null,
  };
}

const UNKNOWN: CertificateVerification = {
  certificate_no: NO,
  verdict: 'unknown',
  name_masked: null,
  year: null,
  class_hour: null,
  issuer: null,
  issued_on: null,
  revoked_on: null,
};

test('a genuine certificate says so, with the masked name, its year and hours', async () => {
  const calls = stubApi({ '/v1/certificate_verify': () => ok(known('genuine')) });
  renderPage(<VerifyPage />, { path: `/verify?no=${NO.toLowerCase()}` });
  const status = await screen.findByRole('region', { name: '验证结果' });
  expect(status).toHaveTextContent(VERIFY_TEXTS.genuine);
  expect(status).toHaveTextContent('张*明');
  expect(status).toHaveTextContent('2026年度');
  expect(status).toHaveTextContent('90.0学时');
  expect(calls[0]?.payload).toMatchObject({ no: NO });
  expect(calls[0]?.authorization).toBeUndefined();
});

test('a revoked certificate says it was revoked', async () => {
  stubApi({ '/v1/certificate_verify': () => ok(known('revoked')) });
  renderPage(<VerifyPage />, { path: `/verify?no=${NO}` });
  const status = await screen.findByRole('region', { name: '验证结果' });
  expect(status).toHaveTextContent(VERIFY_TEXTS.revoked);
  expect(status).toHaveTextContent('2026-11-25');
});

test('an unknown number says so; a malformed one is not even asked about; a failure says so', async () => {
  stubApi({ '/v1/certificate_verify': () => ok(UNKNOWN) });
  renderPage(<VerifyPage />, { path: `/verify?no=${NO}` });
  expect(await screen.findByRole('region', { name: '验证结果' })).toHaveTextContent(VERIFY_TEXTS.unknown);
  expect(screen.getByRole('region', { name: '验证结果' })).not.toHaveTextContent('姓名');

  const calls = stubApi({});
  renderPage(<VerifyPage />, { path: '/verify?no=abc' });
  expect(await screen.findByText(VERIFY_TEXTS.badNumber)).toBeInTheDocument();
  // (The page's title reads the site settings, which the shell has already fetched in the site.)
  expect(calls.filter((call) => call.path === '/v1/certificate_verify')).toHaveLength(0);
});

test('without a number the page asks for one, and the form looks it up', async () => {
  stubApi({ '/v1/certificate_verify': () => fail(500, '服务器繁忙') });
  renderPage(<VerifyPage />, { path: '/verify' });
  expect(screen.getByText(VERIFY_TEXTS.prompt)).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: '证书编号' }), NO);
  await userEvent.click(screen.getByRole('button', { name: '验证' }));
  expect(await screen.findByText(VERIFY_TEXTS.failed)).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(`/verify?no=${NO}`);
});

test('too many checks from one network: the page says how long to wait', async () => {
  stubApi({ '/v1/certificate_verify': () => fail(429, '当前网络查询学时证明过于频繁，请1分钟后再试') });
  renderPage(<VerifyPage />, { path: `/verify?no=${NO}` });
  // On the page itself (the error catalogue's toast says it too).
  await waitFor(() =>
    expect(
      screen.getAllByText('当前网络查询学时证明过于频繁，请1分钟后再试').some((note) => note.tagName === 'P'),
    ).toBe(true),
  );
});

describe("a server-rendered view counts one lookup: the browser takes the server's answer", () => {
  // The page reads the document once per page load; each test is a new page load.
  beforeEach(() => forgetServerAnswer());
  afterEach(() => {
    document.getElementById(SERVER_ANSWER_ID)?.remove();
    forgetServerAnswer();
  });

  function serverAnswer(no: string, result: CertificateVerification) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_ANSWER_ID;
    script.textContent = serverAnswerJson(no, result);
    document.body.append(script);
  }

  test("the server's answer for this number is shown without asking the API again", async () => {
    serverAnswer(NO, known('genuine'));
    const calls = stubApi({ '/v1/certificate_verify': () => ok(known('revoked')) });
    renderPage(<VerifyPage />, { path: `/verify?no=${NO}` });
    const status = await screen.findByRole('region', { name: '验证结果' });
    expect(status).toHaveTextContent(VERIFY_TEXTS.genuine);
    expect(calls.filter((call) => call.path === '/v1/certificate_verify')).toHaveLength(0);
  });

  test('another number typed afterwards is looked up by the API', async () => {
    serverAnswer(NO, known('genuine'));
    const other = 'XS2026ZZZZZZZZ99';
    const calls = stubApi({ '/v1/certificate_verify': () => ok({ ...UNKNOWN, certificate_no: other }) });
    renderPage(<VerifyPage />, { path: `/verify?no=${other}` });
    await waitFor(() => expect(calls.filter((call) => call.path === '/v1/certificate_verify')).toHaveLength(1));
    expect(calls[0]?.payload).toMatchObject({ no: other });
  });

  test("the answer's JSON cannot end its script early", () => {
    const json = serverAnswerJson(NO, { ...known('genuine'), issuer: '</script><b>x' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toMatchObject({ no: NO, result: { issuer: '</script><b>x' } });
  });
});
