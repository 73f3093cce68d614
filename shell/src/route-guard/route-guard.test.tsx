import { act, screen } from '@testing-library/react';
import { message } from 'antd';
import { fakeRegistry, renderSite, serveSiteContent } from '../testing/render-site';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => act(() => message.destroy()));

test('an anonymous visitor asking for /myInfo lands on /', async () => {
  serveSiteContent();
  const router = await renderSite('/myInfo', fakeRegistry(), { anonymous: true });
  expect(await screen.findByRole('heading', { name: 'public-content:Home' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('from /faceCollection without login, a guarded screen is refused with 请先上传人脸采集', async () => {
  serveSiteContent();
  const router = await renderSite('/faceCollection', fakeRegistry(), { anonymous: true });
  await screen.findByRole('heading', { name: 'study:FaceCollection' });
  await act(() => router.navigate('/studentsNote'));
  expect(await screen.findByText('请先上传人脸采集')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/faceCollection');
});

test('a logged-in learner enters a guarded screen', async () => {
  serveSiteContent();
  const router = await renderSite('/myOrder');
  expect(await screen.findByRole('heading', { name: 'orders:MyOrder' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/myOrder');
});
