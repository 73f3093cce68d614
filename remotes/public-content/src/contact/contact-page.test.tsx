import { screen } from '@testing-library/react';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { renderPage } from '../testing/render-page';
import ContactPage from './contact-page';

test('without a map-service key the page shows the address with a link to the point on 高德地图, and the contact details with the phones', async () => {
  stubApi({
    '/v1/site': () =>
      ok({
        site_address: '南京市鼓楼区汉中门大街 199 号',
        site_code: '210029',
        site_wechat_qrcode: '/media/q.svg',
        site_work_time_am: '上午 8:30-12:00',
        site_work_time_pm: '下午 14:00-17:30',
        site_supervision_phone: '025-86630001',
        site_support_phone1: '025-86630002',
        site_support_phone2: '025-86630003',
        site_support_phone3: '',
        site_map_point: { lng: 118.76, lat: 32.05 },
      }),
  });
  renderPage(<ContactPage />);
  const place = await screen.findByRole('region', { name: '协会位置' });
  expect(place).toHaveTextContent('地址：南京市鼓楼区汉中门大街 199 号');
  const link = screen.getByRole('link', { name: '在高德地图中查看位置与路线' });
  expect(link.getAttribute('href')).toMatch(/^https:\/\/uri\.amap\.com\/marker\?position=118\.76%2C32\.05&name=/);
  expect(link).toHaveAttribute('target', '_blank');
  expect(screen.queryByRole('img', { name: /示意图/ })).toBeNull();
  expect(screen.getByText('210029')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: '协会微信公众号二维码' })).toHaveAttribute('src', '/media/q.svg');
  expect(screen.getByText(/下午 14:00-17:30/)).toBeInTheDocument();
  // The phones on the page itself, not only in the hover side panel (issue 16 item 4); an empty third is left out.
  for (const phone of ['025-86630001', '025-86630002', '025-86630003']) {
    expect(screen.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/-/g, '')}`);
  }
  expect(screen.getAllByRole('link', { name: /^025-/ })).toHaveLength(3);
  expect(document.querySelector('script[src*="amap"]')).toBeNull();
});
