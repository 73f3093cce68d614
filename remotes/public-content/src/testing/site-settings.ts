import type { SiteSettings } from '@yaoshi/contracts/content';

/** Tests only: an association's site settings, as /v1/site gives them. */
export const TEST_SITE: SiteSettings = {
  site_name: '省执业药师协会',
  site_short_name: '省药协',
  site_wechat_qrcode: '/media/qrcode.png',
  site_staff_qrcode: '',
  site_owner: '',
  site_address: '省会市健康路1号',
  site_code: '100000',
  site_icp: '',
  site_supervision_phone: '0100-7654321',
  site_support_phone1: '0100-1234567',
  site_support_phone2: '',
  site_work_time_am: '上午 9:00-12:00',
  site_work_time_pm: '下午 13:30-17:00',
  site_ios_url: '',
  site_android_url: 'https://example.org/app.apk',
  site_footer_lines: [],
  site_map_point: null,
};
