import { Link } from '@yaoshi/ui/router';
import { BRAND_BLUE } from '@yaoshi/ui/section-box';
import { QUICK_LINKS } from './home-layout';

const tileStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 56,
  borderRadius: 6,
  border: `1px solid ${BRAND_BLUE}`,
  color: BRAND_BLUE,
  fontSize: 16,
  fontWeight: 600,
  background: '#f3f8ff',
} as const;

/** spec 01 §1: continuing education, credit query, promotion enrolment, national registration. */
export function QuickLinks() {
  return (
    <nav
      aria-label="快捷入口"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 16 }}
    >
      {QUICK_LINKS.map((link) =>
        link.external ? (
          <a key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" style={tileStyle}>
            {link.label}
          </a>
        ) : (
          <Link key={link.href} to={link.href} style={tileStyle}>
            {link.label}
          </Link>
        ),
      )}
    </nav>
  );
}
