import { screen, within } from '@testing-library/react';
import { renderSite, serveSiteContent } from '../../testing/render-site';

beforeEach(() => sessionStorage.clear());

test('the footer shows friend links and the site settings from the server', async () => {
  serveSiteContent();
  await renderSite('/contactUs');
  const footer = screen.getByRole('contentinfo');
  expect(await within(footer).findByRole('link', { name: '国家药品监督管理局' })).toHaveAttribute(
    'href',
    'https://www.nmpa.gov.cn/',
  );
  expect(await within(footer).findByText('主办单位：某省药师协会秘书处')).toBeInTheDocument();
  expect(within(footer).getByText(/某市健康路 88 号/)).toHaveTextContent('邮编：310000');
  expect(
    within(footer).getByText(new RegExp(`Copyright © ${new Date().getFullYear()} 某省药师协会`)),
  ).toBeInTheDocument();
  expect(within(footer).getByRole('link', { name: '浙ICP备12345678号' })).toHaveAttribute(
    'href',
    'https://beian.miit.gov.cn/',
  );
  expect(within(footer).getByRole('img', { name: '微信公众号二维码' })).toHaveAttribute(
    'src',
    '/media/qrcode/wechat.png',
  );
  // The profile's footer lines (issue 20).
  expect(within(footer).getByText('某省药师协会主办')).toBeInTheDocument();
});

test('site settings are read once per browser session', async () => {
  const first = serveSiteContent();
  await renderSite('/');
  await screen.findByText('主办单位：某省药师协会秘书处');
  expect(first.filter((c) => c.path === '/v1/site')).toHaveLength(1);
  document.body.innerHTML = '';
  const second = serveSiteContent();
  await renderSite('/');
  await screen.findByText('主办单位：某省药师协会秘书处');
  expect(second.filter((c) => c.path === '/v1/site')).toHaveLength(0);
});
