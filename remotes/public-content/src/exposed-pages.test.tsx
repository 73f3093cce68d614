import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { EXPOSES } from './exposes';
import { renderPage } from './testing/render-page';

const SITE = {
  site_name: '江苏省药师协会',
  site_wechat_qrcode: '/media/site/wechat-qrcode.svg',
  site_staff_qrcode: '/media/site/staff-qrcode.svg',
  site_owner: '江苏省药师协会',
  site_address: '南京市鼓楼区汉中门大街 199 号',
  site_code: '210029',
  site_icp: '苏ICP备1号',
  site_supervision_phone: '025-1',
  site_support_phone1: '025-2',
  site_support_phone2: '025-3',
  site_work_time_am: '上午 8:30-12:00',
  site_work_time_pm: '下午 14:00-17:30',
  site_ios_url: 'https://apps.example/ios',
  site_android_url: 'https://apps.example/android',
  site_short_name: '省药协',
  site_footer_lines: [],
  site_map_point: null,
};

const ARTICLE = {
  id: 1,
  catid: 1,
  title: '标题',
  content: '<p>正文</p>',
  published_time: '2025-05-01 09:00:00',
  post_author: '协会',
  post_source: '本站',
  post_hits: 1,
  excerpt: '',
};

beforeEach(() => {
  sessionStorage.clear();
  stubApi({
    '/v1/site': () => ok(SITE),
    '/v1/article': (call) => ok(call.payload.postid ? { ...ARTICLE, id: Number(call.payload.postid) } : []),
    '/v1/education': () => ok({ title: '继续教育', content: '<p>说明</p>' }),
    '/v1/slide': () => ok([]),
    '/v1/adv': () => ok({ textAdv: null, imgAdv: null }),
  });
});

// Every exposed module is a page component (default export) that renders inside the shell's providers.
test.each(Object.entries(EXPOSES))('%s renders a page with a heading', async (_name, file) => {
  const { default: Page } = (await import(file.replace('./src/', './'))) as { default: ComponentType };
  renderPage(<Page />, { path: '/x?newsId=1&postid=1&api=education' });
  expect((await screen.findAllByRole('heading')).length).toBeGreaterThan(0);
});
