import { Link } from '@yaoshi/ui/router';
import { tokens } from '@yaoshi/ui/site-tokens';

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * 首页 > … > the current page (the last crumb is not a link). Plain markup, not antd's
 * Breadcrumb (which brings Dropdown and Menu for crumbs with menus): every public page has
 * one, and the public pages render without antd.
 */
export function PageBreadcrumb({ trail }: { trail: readonly Crumb[] }) {
  const crumbs = [{ label: '首页', href: '/' }, ...trail];
  return (
    <nav aria-label="当前位置" style={{ margin: '4px 0 16px', fontSize: 14, color: tokens.colorTextDescription }}>
      <ol style={{ display: 'flex', flexWrap: 'wrap', margin: 0, padding: 0, listStyle: 'none' }}>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${crumb.label}`} style={{ display: 'flex' }}>
              {i > 0 && (
                <span aria-hidden="true" style={{ margin: '0 8px' }}>
                  /
                </span>
              )}
              {crumb.href && !last ? (
                <Link to={crumb.href} style={{ color: tokens.colorTextDescription }}>
                  {crumb.label}
                </Link>
              ) : (
                <span
                  aria-current={last ? 'page' : undefined}
                  style={{ color: last ? tokens.colorText : tokens.colorTextDescription }}
                >
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
