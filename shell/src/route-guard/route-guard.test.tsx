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
  const site = await renderSite('/myInfo', fakeRegistry(), { anonymous: true });
  expect(await screen.findByRole('heading', { name: 'public-content:Home' })).toBeInTheDocument();
  expect(site.location().pathname).toBe('/');
});

test('an anonymous visitor following a link to a guarded page stays home; the page’s remote is never loaded', async () => {
  serveSiteContent();
  const registry = fakeRegistry();
  const load = jest.spyOn(registry, 'load');
  const site = await renderSite('/', registry, { anonymous: true });
  const home = await screen.findByRole('heading', { name: 'public-content:Home' });
  await site.navigate('/myOrder');
  expect(site.location().pathname).toBe('/');
  expect(screen.getByRole('heading', { name: 'public-content:Home' })).toBe(home);
  expect(load.mock.calls.map(([remote]) => remote)).not.toContain('orders');
});

test('from /faceCollection without login, a guarded screen is refused with 请先上传人脸采集', async () => {
  serveSiteContent();
  const site = await renderSite('/faceCollection', fakeRegistry(), { anonymous: true });
  const page = await screen.findByRole('heading', { name: 'study:FaceCollection' });
  await site.navigate('/studentsNote');
  expect(await screen.findByText('请先上传人脸采集')).toBeInTheDocument();
  expect(site.location().pathname).toBe('/faceCollection');
  // The same page, not a new one: what the learner was doing there is still there.
  expect(screen.getByRole('heading', { name: 'study:FaceCollection' })).toBe(page);
});

test('a logged-in learner enters a guarded screen', async () => {
  serveSiteContent();
  const site = await renderSite('/myOrder');
  expect(await screen.findByRole('heading', { name: 'orders:MyOrder' })).toBeInTheDocument();
  expect(site.location().pathname).toBe('/myOrder');
  expect(site.documentLoads).toEqual([]);
});

test('leaving /myCourse for another guarded screen loads that screen as a new page; the next page is not rendered first', async () => {
  serveSiteContent();
  const site = await renderSite('/myCourse');
  const course = await screen.findByRole('heading', { name: 'study:MyCourse' });
  await site.navigate('/myOrder?page=2');
  expect(site.documentLoads).toEqual(['/myOrder?page=2']);
  expect(screen.queryByRole('heading', { name: 'orders:MyOrder' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'study:MyCourse' })).toBe(course);
});

test('leaving /myCourseCopy for the video screen, or arriving at /myCourse, stays in the page', async () => {
  serveSiteContent();
  const site = await renderSite('/myCourseCopy');
  await screen.findByRole('heading', { name: 'study:MyCourseCopy' });
  await site.navigate('/videoLearning?cid=3');
  expect(await screen.findByRole('heading', { name: 'study:VideoLearning' })).toBeInTheDocument();
  await site.navigate('/myOrder');
  await site.navigate('/myCourse');
  expect(await screen.findByRole('heading', { name: 'study:MyCourse' })).toBeInTheDocument();
  expect(site.documentLoads).toEqual([]);
});
