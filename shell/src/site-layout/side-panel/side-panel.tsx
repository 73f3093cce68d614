import { useState } from 'react';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { supportPhonesOf } from '@yaoshi/contracts/site-rules';
import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * Above the home page's floating advertisement (z-index 900, public-content's
 * floating-advertisement.tsx), which would otherwise drift over the open panel and hide the
 * phone numbers; below antd's dialogs and messages (1000 and up).
 */
export const SIDE_PANEL_Z_INDEX = 950;

/**
 * The hover side panel (spec 01 §1): a tab on the right edge that opens, on hover or
 * keyboard focus, to the supervision phone, the support phones, the staff WeChat QR and
 * the working hours from the site settings.
 */
export function SidePanel() {
  const { data: site } = useSiteSettingsQuery();
  const [open, setOpen] = useState(false);
  if (!site) return null;
  const supportPhones = supportPhonesOf(site);
  return (
    <aside
      aria-label="服务热线"
      // Under 768 px it leaves the screen's edge for the page's end (`.site-side-panel` in index.html): a fixed tab there covered buttons.
      className="site-side-panel"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      style={{
        position: 'fixed',
        right: 0,
        top: '40%',
        zIndex: SIDE_PANEL_Z_INDEX,
        display: 'flex',
        alignItems: 'flex-start',
      }}
    >
      <button
        type="button"
        className="site-side-tab"
        aria-expanded={open}
        aria-controls="site-side-panel"
        onClick={() => setOpen((value) => !value)}
        style={{
          width: 40,
          padding: '12px 8px',
          border: 'none',
          borderRadius: '6px 0 0 6px',
          background: tokens.colorPrimary,
          color: tokens.colorTextLightSolid,
          fontSize: 15,
          lineHeight: 1.3,
          cursor: 'pointer',
          writingMode: 'vertical-rl',
        }}
      >
        服务热线
      </button>
      <div
        id="site-side-panel"
        hidden={!open}
        style={{
          width: 220,
          padding: '12px 16px',
          background: tokens.colorBgContainer,
          border: `1px solid ${tokens.colorPrimary}`,
          boxShadow: tokens.boxShadowFloat,
          fontSize: 14,
          lineHeight: 1.8,
          color: tokens.colorText,
        }}
      >
        <div style={{ fontWeight: 600 }}>监督电话</div>
        <div>{site.site_supervision_phone}</div>
        <div style={{ fontWeight: 600, marginTop: 6 }}>服务电话</div>
        {supportPhones.map((phone) => (
          <div key={phone}>{phone}</div>
        ))}
        <div style={{ fontWeight: 600, marginTop: 6 }}>工作时间</div>
        <div>{site.site_work_time_am}</div>
        <div>{site.site_work_time_pm}</div>
        {site.site_staff_qrcode && (
          <figure style={{ margin: '8px 0 0', textAlign: 'center' }}>
            <img src={site.site_staff_qrcode} alt="客服微信二维码" width={120} height={120} />
            <figcaption style={{ fontSize: 12 }}>扫码添加客服微信</figcaption>
          </figure>
        )}
      </div>
    </aside>
  );
}
