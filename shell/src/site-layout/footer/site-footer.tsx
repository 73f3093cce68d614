import { useSiteSettingsQuery } from '@yaoshi/api-client/site-settings-api';
import { Link } from '@yaoshi/ui/router';
import { CONTACT_LABEL, CONTACT_PATH } from '../header/navigation-items';
import { useFriendLinksQuery } from '../../site-settings/site-content-api';
import { tokens } from '@yaoshi/ui/site-tokens';

export const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

/** Friend links, the WeChat QR code, owner, address, postcode, copyright year, ICP number. */
export function SiteFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { data: settings } = useSiteSettingsQuery();
  const { data: links = [] } = useFriendLinksQuery();
  return (
    <footer
      style={{ background: tokens.colorBgMuted, marginTop: 32, padding: '24px 0', color: tokens.colorTextDescription }}
    >
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: '0 16px', boxSizing: 'border-box' }}>
        {links.length > 0 && (
          <nav aria-label="友情链接">
            <span style={{ marginRight: 12, fontWeight: 600 }}>友情链接：</span>
            {/* Plain links with a rule between them (the footer is on every first load: no antd). */}
            <ul
              className="site-friend-links"
              style={{ display: 'inline-flex', flexWrap: 'wrap', margin: 0, padding: 0, listStyle: 'none', rowGap: 4 }}
            >
              {links.map((link, index) => (
                <li
                  key={link.url}
                  style={{
                    padding: '0 8px',
                    borderLeft: index > 0 ? `1px solid ${tokens.colorBorder}` : 'none',
                    lineHeight: 1.2,
                  }}
                >
                  <a href={link.url} target={link.target || '_blank'} rel="noreferrer">
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {settings && (
          <div style={{ display: 'flex', gap: 24, alignItems: 'center', marginTop: 16 }}>
            {settings.site_wechat_qrcode && (
              <figure style={{ margin: 0, textAlign: 'center' }}>
                <img src={settings.site_wechat_qrcode} alt="微信公众号二维码" width={96} height={96} />
                <figcaption style={{ fontSize: 12 }}>微信公众号</figcaption>
              </figure>
            )}
            <div style={{ lineHeight: 2 }}>
              <div>主办单位：{settings.site_owner}</div>
              <div>
                地址：{settings.site_address}　邮编：{settings.site_code}　
                {/* Underlined like the ICP link: in a line of text a link must not rely on colour alone. */}
                <Link to={CONTACT_PATH} style={{ textDecoration: 'underline' }}>
                  {CONTACT_LABEL}
                </Link>
              </div>
              <div>
                Copyright © {year} {settings.site_name}　
                <a href={ICP_LOOKUP_URL} target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>
                  {settings.site_icp}
                </a>
              </div>
              {settings.site_footer_lines.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </div>
          </div>
        )}
      </div>
    </footer>
  );
}
