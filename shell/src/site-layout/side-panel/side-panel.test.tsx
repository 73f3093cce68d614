import { Provider } from 'react-redux';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { SidePanel } from './side-panel';

const SITE = {
  site_supervision_phone: '025-86610001',
  site_support_phone1: '025-86610002',
  site_support_phone2: '025-86610003',
  site_support_phone3: '025-86610005',
  site_work_time_am: '上午 8:30-12:00',
  site_work_time_pm: '下午 14:00-17:30',
  site_staff_qrcode: '/media/site/staff-qrcode.svg',
};

test('hovering the tab shows the phones, the staff QR code and the working hours; leaving hides them', async () => {
  sessionStorage.clear();
  stubApi({ '/v1/site': () => ok(SITE) });
  render(
    <Provider store={createTestStore()}>
      <SidePanel />
    </Provider>,
  );
  const panel = await screen.findByRole('complementary', { name: '服务热线' });
  expect(screen.queryByText('025-86610001')).not.toBeVisible();
  await userEvent.hover(within(panel).getByRole('button', { name: '服务热线' }));
  for (const text of [
    '025-86610001',
    '025-86610002',
    '025-86610003',
    '025-86610005',
    '上午 8:30-12:00',
    '下午 14:00-17:30',
  ]) {
    expect(within(panel).getByText(text)).toBeVisible();
  }
  expect(within(panel).getByRole('img', { name: '客服微信二维码' })).toHaveAttribute('src', SITE.site_staff_qrcode);
  await userEvent.unhover(panel);
  expect(screen.getByText('025-86610001')).not.toBeVisible();
});
