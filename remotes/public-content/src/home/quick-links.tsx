import { Link } from '@yaoshi/ui/router';
import type { PublicQuickLink } from '@yaoshi/contracts/content-admin';
import { useQuickLinksQuery } from '../articles/article-api';
import { isExternalLink } from './home-layout';
import { tokens } from '@yaoshi/ui/site-tokens';

const tileStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 56,
  borderRadius: 6,
  border: `1px solid ${tokens.colorPrimary}`,
  color: tokens.colorPrimary,
  fontSize: 16,
  fontWeight: 600,
  background: tokens.colorBgPrimaryFaint,
} as const;

/**
 * spec 01 §1: continuing education, credit query, promotion enrolment, national registration —
 * the links staff keep in 首页管理 (issue 20), in their order.
 */
export function QuickLinks() {
  const { data: links = [] } = useQuickLinksQuery();
  return <QuickLinkTiles links={links} />;
}

/** The tiles of `links` (the server renders them too). */
export function QuickLinkTiles({ links }: { links: readonly PublicQuickLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav
      aria-label="快捷入口"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 16 }}
    >
      {links.map((link) =>
        isExternalLink(link.url) ? (
          <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer" style={tileStyle}>
            {link.label}
          </a>
        ) : (
          <Link key={link.url} to={link.url} style={tileStyle}>
            {link.label}
          </Link>
        ),
      )}
    </nav>
  );
}
