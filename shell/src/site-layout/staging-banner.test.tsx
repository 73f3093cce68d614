import { screen, within } from '@testing-library/react';
import { STAGING_BANNER, STAGING_BANNER_REAL_SMS } from '@yaoshi/contracts/staging';
import { ok } from '@yaoshi/api-client/testing/stub-api';
import { SITE_SETTINGS, renderSite, serveSiteContent } from '../testing/render-site';
import { TEST_PINS } from '../testing/test-pins';

beforeEach(() => sessionStorage.clear());

test.each(['/', '/myInfo'])('a staging site shows the banner on every page: %s', async (path) => {
  serveSiteContent({ '/v1/site': () => ok({ ...SITE_SETTINGS, site_staging: true, site_sms_outbox: true }) });
  await renderSite(path);
  expect(await screen.findByRole('note')).toHaveTextContent(STAGING_BANNER);
});

test('a staging site on a real SMS provider does not send learners to the test outbox', async () => {
  serveSiteContent({ '/v1/site': () => ok({ ...SITE_SETTINGS, site_staging: true }) });
  await renderSite('/');
  expect(await screen.findByRole('note')).toHaveTextContent(new RegExp(`^${STAGING_BANNER_REAL_SMS}$`));
});

test('a production or development site shows no banner', async () => {
  serveSiteContent();
  await renderSite('/');
  await within(screen.getByRole('contentinfo')).findByText('主办单位：某省药师协会秘书处');
  expect(screen.queryByText(STAGING_BANNER_REAL_SMS, { exact: false })).not.toBeInTheDocument();
});

test('the staff console, outside the site layout, shows the banner too', async () => {
  serveSiteContent({ '/v1/site': () => ok({ ...SITE_SETTINGS, site_staging: true, site_sms_outbox: true }) });
  const pins = {
    ...TEST_PINS,
    admin: {
      version: '0.1.0',
      federationName: 'admin',
      section: '管理后台',
      entry: '/remotes/admin/0.1.0/mf-manifest.json',
      routes: [{ path: '/admin/*', area: 'console' as const, exposed: 'AdminApp', loginRequired: false }],
    },
  };
  await renderSite('/admin/login', undefined, { anonymous: true, pins });
  expect(await screen.findByRole('heading', { name: 'admin:AdminApp' })).toBeInTheDocument();
  expect(await screen.findByRole('note')).toHaveTextContent(STAGING_BANNER);
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});
