import type { SiteSettings } from '@yaoshi/contracts/content';
import { supportPhonesOf } from '@yaoshi/contracts/site-rules';
import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { SectionBox } from '@yaoshi/ui/section-box';
import { AssociationMap } from './association-map';
import { tokens } from '@yaoshi/ui/site-tokens';

/** The page's markup for the site settings: the browser's page and the server rendering draw the same. */
export function ContactView({ site }: { site: SiteSettings | undefined }) {
  return (
    <div>
      <PageBreadcrumb trail={[{ label: '联系我们' }]} />
      <h1 style={{ fontSize: 22, margin: '0 0 16px' }}>联系我们</h1>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <div style={{ flex: '3 1 520px', minWidth: 0 }}>
          {site ? (
            <AssociationMap address={site.site_address} point={site.site_map_point} />
          ) : (
            <div style={{ height: 400, background: tokens.colorBgLayout, borderRadius: 6 }} />
          )}
        </div>
        <SectionBox title="联系方式" style={{ flex: '1 1 280px' }}>
          {site ? (
            <dl style={{ margin: 0, lineHeight: 2, color: tokens.colorText }}>
              <dt style={{ fontWeight: 600 }}>地址</dt>
              <dd style={{ margin: 0 }}>{site.site_address}</dd>
              <dt style={{ fontWeight: 600 }}>邮编</dt>
              <dd style={{ margin: 0 }}>{site.site_code}</dd>
              <dt style={{ fontWeight: 600 }}>服务电话</dt>
              {supportPhonesOf(site).map((phone) => (
                <dd key={phone} style={{ margin: 0 }}>
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                </dd>
              ))}
              <dt style={{ fontWeight: 600 }}>监督电话</dt>
              <dd style={{ margin: 0 }}>
                <a href={`tel:${site.site_supervision_phone.replace(/[^\d+]/g, '')}`}>{site.site_supervision_phone}</a>
              </dd>
              <dt style={{ fontWeight: 600 }}>工作时间</dt>
              <dd style={{ margin: 0 }}>
                {site.site_work_time_am}
                <br />
                {site.site_work_time_pm}
              </dd>
              <dt style={{ fontWeight: 600 }}>微信公众号</dt>
              <dd style={{ margin: 0 }}>
                <img src={site.site_wechat_qrcode} alt="协会微信公众号二维码" width={140} height={140} />
              </dd>
            </dl>
          ) : (
            <p style={{ color: tokens.colorTextDescription }}>联系方式加载中…</p>
          )}
        </SectionBox>
      </div>
    </div>
  );
}
