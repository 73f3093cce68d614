import type { SiteSettings } from '@yaoshi/contracts/content';
import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { SectionBox } from '@yaoshi/ui/section-box';
import { tokens } from '@yaoshi/ui/site-tokens';

/** 联系我们: address, postcode, phones and working hours from the site settings. */
export function ContactBlock({ showQrCode = false }: { showQrCode?: boolean }) {
  const { data: site } = useSiteSettingsQuery();
  return <ContactBlockView site={site} showQrCode={showQrCode} />;
}

/** The block itself, from settings given (the browser's query, or the server's facts). */
export function ContactBlockView({
  site,
  showQrCode = false,
}: {
  site: SiteSettings | undefined;
  showQrCode?: boolean;
}) {
  return (
    <SectionBox title="联系我们" headingLevel={2}>
      {site ? (
        <dl style={{ margin: 0, lineHeight: 1.9, color: tokens.colorTextDescription, fontSize: 14 }}>
          <Row label="地址" value={site.site_address} />
          <Row label="邮编" value={site.site_code} />
          <Row label="监督电话" value={site.site_supervision_phone} />
          <Row
            label="服务电话"
            value={[site.site_support_phone1, site.site_support_phone2, site.site_support_phone3]
              .filter(Boolean)
              .join('、')}
          />
          <Row label="工作时间" value={`${site.site_work_time_am}　${site.site_work_time_pm}`} />
          {showQrCode && site.site_wechat_qrcode && (
            <div style={{ marginTop: 8 }}>
              <img src={site.site_wechat_qrcode} alt="协会微信公众号二维码" width={120} height={120} />
              <div style={{ fontSize: 12 }}>扫码关注微信公众号</div>
            </div>
          )}
        </dl>
      ) : (
        <p style={{ color: tokens.colorTextDescription }}>联系方式加载中…</p>
      )}
    </SectionBox>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <dt style={{ flex: 'none', fontWeight: 600 }}>{label}：</dt>
      <dd style={{ margin: 0 }}>{value}</dd>
    </div>
  );
}
