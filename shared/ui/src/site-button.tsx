import type { ComponentPropsWithRef } from 'react';
import { BRAND_BLUE } from './section-box';

/**
 * A button drawn like antd's (primary, default, link), for the parts of the first page
 * that render without antd: the login box, the home page's dialogs, a remote's retry.
 * Its few hover and focus rules are one hoisted stylesheet (React 19 `<style precedence>`).
 */
export type SiteButtonVariant = 'primary' | 'default' | 'link';

const STYLES = `
.site-button { display: inline-flex; align-items: center; justify-content: center; gap: 6px; height: 32px; padding: 4px 15px;
  font: inherit; font-size: 14px; line-height: 1.5715; border-radius: 6px; border: 1px solid #d9d9d9; background: #fff; color: #262626;
  cursor: pointer; white-space: nowrap; transition: color .2s, background .2s, border-color .2s; box-sizing: border-box; }
.site-button:hover:not(:disabled) { color: ${BRAND_BLUE}; border-color: ${BRAND_BLUE}; }
.site-button:focus-visible { outline: 2px solid ${BRAND_BLUE}; outline-offset: 1px; }
.site-button:disabled { cursor: not-allowed; color: rgba(0,0,0,.25); background: rgba(0,0,0,.04); border-color: #d9d9d9; }
.site-button-primary { background: ${BRAND_BLUE}; border-color: ${BRAND_BLUE}; color: #fff; }
.site-button-primary:hover:not(:disabled) { color: #fff; background: #2f73bd; border-color: #2f73bd; }
.site-button-link { border-color: transparent; background: transparent; color: ${BRAND_BLUE}; padding: 0; height: auto; }
.site-button-link:hover:not(:disabled) { border-color: transparent; color: #2f73bd; }
.site-button-block { display: flex; width: 100%; }
.site-button[aria-busy="true"] { opacity: .75; cursor: progress; }
`;

export function SiteButtonStyles() {
  return (
    <style href="yaoshi-site-button" precedence="default">
      {STYLES}
    </style>
  );
}

export function SiteButton({
  variant = 'default',
  block = false,
  loading = false,
  className,
  type = 'button',
  ...rest
}: ComponentPropsWithRef<'button'> & { variant?: SiteButtonVariant; block?: boolean; loading?: boolean }) {
  const classes = ['site-button', `site-button-${variant}`, block ? 'site-button-block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <SiteButtonStyles />
      {/* While loading the button stays in place and refuses clicks, as antd's does. */}
      <button
        type={type}
        className={classes}
        aria-busy={loading || undefined}
        {...rest}
        disabled={rest.disabled || loading}
      />
    </>
  );
}
