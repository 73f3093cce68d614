import { useState } from 'react';
import type { SiteSettings } from '@yaoshi/contracts/content';
import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { OPEN_IN_BROWSER_TIP } from './in-app-browser';
import { tokens } from '@yaoshi/ui/site-tokens';

const NOT_PUBLISHED_TEXT = '暂未上架';

const buttonStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 200,
  height: 52,
  padding: '0 24px',
  borderRadius: 26,
  fontSize: 18,
  fontWeight: 600,
  color: tokens.colorTextLightSolid,
  background: tokens.colorPrimary,
  border: 'none',
  cursor: 'pointer',
  textDecoration: 'none',
} as const;

/**
 * The page's markup for the site settings: the browser's page and the server rendering
 * (`inWeChat` false: the tip needs the browser's script, which is there by the time anyone taps) draw the same.
 */
export function AppDownloadView({ site, inWeChat }: { site: SiteSettings | undefined; inWeChat: boolean }) {
  const [showTip, setShowTip] = useState(false);
  const ios = site?.site_ios_url ?? '';
  const android = site?.site_android_url ?? '';
  return (
    <div>
      <PageBreadcrumb trail={[{ label: '下载APP' }]} />
      <section
        style={{
          textAlign: 'center',
          padding: '32px 16px 48px',
          border: `1px solid ${tokens.colorBorderBox}`,
          borderRadius: 6,
        }}
      >
        <h1 style={{ fontSize: 26, margin: '0 0 8px' }}>{site?.site_name ?? ''} 继续教育APP</h1>
        <p style={{ color: tokens.colorTextDescription, margin: '0 0 32px' }}>
          随时随地学习课程、查询学时、完成课后练习
        </p>
        <div
          style={{ display: 'flex', flexWrap: 'wrap', gap: 24, justifyContent: 'center', minHeight: 52 }}
          aria-busy={!site}
        >
          {!site ? null : ios ? (
            <a href={ios} style={buttonStyle} target="_blank" rel="noopener noreferrer">
              iOS 版下载
            </a>
          ) : (
            <span style={{ ...buttonStyle, background: tokens.colorTextDescription, cursor: 'default' }}>
              iOS 版{NOT_PUBLISHED_TEXT}
            </span>
          )}
          {!site ? null : android ? (
            <a
              href={android}
              style={buttonStyle}
              onClick={(event) => {
                if (!inWeChat) return;
                event.preventDefault();
                setShowTip(true);
              }}
            >
              安卓版下载
            </a>
          ) : (
            <span style={{ ...buttonStyle, background: tokens.colorTextDescription, cursor: 'default' }}>
              安卓版{NOT_PUBLISHED_TEXT}
            </span>
          )}
        </div>
        {showTip && (
          <div
            role="alert"
            style={{
              margin: '24px auto 0',
              maxWidth: 420,
              padding: '12px 16px',
              borderRadius: 6,
              background: tokens.colorWarningBg,
              border: `1px solid ${tokens.colorWarningBorder}`,
              color: tokens.yellow10,
            }}
          >
            {OPEN_IN_BROWSER_TIP}
            <button
              type="button"
              onClick={() => setShowTip(false)}
              style={{
                marginLeft: 12,
                border: 'none',
                background: 'none',
                color: tokens.colorPrimary,
                cursor: 'pointer',
              }}
            >
              知道了
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
