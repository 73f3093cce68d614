import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { AssociationProfile } from '@yaoshi/contracts/association-profile';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { AssociationProfilePage, PROFILE_PAGE_TEXTS } from './association-profile-page';

// ProseMirror needs layout APIs jsdom lacks; the editor itself is exercised in the browser test.
jest.mock('../kit/tiptap-editor', () => ({
  __esModule: true,
  default: ({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

afterEach(() => act(() => message.destroy()));

const PROFILE: AssociationProfile = {
  name: '某省药师协会',
  short_name: '某省药协',
  sms_signature: '某省药协',
  introduction: [{ title: '协会概况', html: '<p>概况正文</p><img src="x" onerror="alert(1)">' }],
  charter: '<h2>章程</h2>',
  contact: {
    address: '某市健康路 1 号',
    postcode: '310000',
    supervision_phone: '0571-1',
    support_phones: ['0571-2'],
    longitude: 120.1,
    latitude: 30.2,
  },
  footer_lines: ['第一行', '第二行'],
  privacy_policy: '<p>隐私</p>',
  learner_agreement: '<p>协议</p>',
};

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <AssociationProfilePage />
    </Provider>,
  );
}

test('shows the profile with its texts in the rich-text editor, and saves the edited name after a confirmation', async () => {
  const calls = stubApi({
    '/v1/admin/association_profile': () => ok(PROFILE),
    '/v1/admin/association_profile/save': (call) => ok(call.payload),
  });
  renderPage();
  const name = await screen.findByLabelText('协会名称');
  expect(name).toHaveValue('某省药师协会');
  expect(await screen.findByLabelText('第 1 节内容')).toHaveValue(PROFILE.introduction[0]!.html);
  expect(await screen.findByLabelText('协会章程')).toHaveValue('<h2>章程</h2>');
  expect(await screen.findByLabelText('隐私政策')).toHaveValue('<p>隐私</p>');

  fireEvent.change(name, { target: { value: '浙江省药师协会' } });
  await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  await userEvent.click(await screen.findByRole('button', { name: PROFILE_PAGE_TEXTS.confirmOk }));
  expect(await screen.findByText(PROFILE_PAGE_TEXTS.saved)).toBeInTheDocument();
  const saved = calls.find((call) => call.path === '/v1/admin/association_profile/save');
  expect(saved?.payload).toMatchObject({
    name: '浙江省药师协会',
    footer_lines: ['第一行', '第二行'],
    contact: { support_phones: ['0571-2'], longitude: 120.1, latitude: 30.2 },
    introduction: [{ title: '协会概况' }],
  });
});

test('a failed load offers a retry', async () => {
  stubApi({ '/v1/admin/association_profile': () => fail(500, '服务器开小差了') });
  renderPage();
  expect(await screen.findByText(PROFILE_PAGE_TEXTS.loadError)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
});
