import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { stagingBannerText } from '@yaoshi/contracts/staging';
import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * On a staging site (the server runs production mode on the sandbox gateway and the SMS
 * outbox or a real SMS provider, STAGING_SANDBOX=allow) every page says so above everything else, so nobody takes
 * a sandbox payment for a real one. The server says whether it is staging in /v1/site, the
 * settings every page already reads: no extra request. Plain markup: no antd on first load.
 */
export function StagingBanner() {
  const { data: settings } = useSiteSettingsQuery();
  if (settings?.site_staging !== true) return null;
  return (
    <div
      role="note"
      style={{
        background: tokens.orange1,
        borderBottom: `1px solid ${tokens.orange3}`,
        color: tokens.orange8,
        textAlign: 'center',
        padding: '8px 16px',
        fontSize: 14,
        lineHeight: 1.5,
      }}
    >
      {stagingBannerText(settings.site_sms_outbox === true)}
    </div>
  );
}
