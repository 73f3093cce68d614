import type { ComponentPropsWithRef } from 'react';
import { tokens } from './site-tokens';

/**
 * A button drawn like antd's (primary, default, link), for the parts of the first page
 * that render without antd: the login box, the home page's dialogs, a remote's retry.
 * Its few hover and focus rules are one hoisted stylesheet (React 19 `<style precedence>`).
 */
export type SiteButtonVariant = 'primary' | 'default' | 'link';

const STYLES = `
.site-button { display: inline-flex; align-items: center; justify-content: center; gap: 6px; height: 32px; padding: 4px 15px;
  font: inherit; font-size: 14px; line-height: var(--ys-line-height); border-radius: 6px; border: 1px solid var(--ys-color-border); background: var(--ys-color-bg-container); color: var(--ys-color-text);
  cursor: pointer; white-space: nowrap; transition: color .2s, background .2s, border-color .2s; box-sizing: border-box; }
.site-button:hover:not(:disabled) { color: ${tokens.colorPrimary}; border-color: ${tokens.colorPrimary}; }
.site-button:focus-visible { outline: 2px solid ${tokens.colorPrimary}; outline-offset: 1px; }
.site-button:disabled { cursor: not-allowed; color: var(--ys-color-text-disabled); background: var(--ys-color-bg-container-disabled); border-color: var(--ys-color-border); }
.site-button-primary { background: ${tokens.colorPrimary}; border-color: ${tokens.colorPrimary}; color: var(--ys-color-text-light-solid); }
.site-button-primary:hover:not(:disabled) { color: var(--ys-color-text-light-solid); background: var(--ys-color-primary-hover); border-color: var(--ys-color-primary-hover); }
.site-button-link { border-color: transparent; background: transparent; color: ${tokens.colorPrimary}; padding: 0; height: auto; }
.site-button-link:hover:not(:disabled) { border-color: transparent; color: var(--ys-color-primary-hover); }
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
