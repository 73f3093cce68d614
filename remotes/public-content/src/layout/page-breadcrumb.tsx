import { Breadcrumb } from 'antd';
import { Link } from '@yaoshi/ui/router';

export interface Crumb {
  label: string;
  href?: string;
}

/** 首页 > … > the current page (the last crumb is not a link). */
export function PageBreadcrumb({ trail }: { trail: readonly Crumb[] }) {
  const items = [{ label: '首页', href: '/' }, ...trail].map((crumb, i, all) => ({
    key: `${i}-${crumb.label}`,
    title: crumb.href && i < all.length - 1 ? <Link to={crumb.href}>{crumb.label}</Link> : crumb.label,
  }));
  return (
    <nav aria-label="当前位置" style={{ margin: '4px 0 16px' }}>
      <Breadcrumb items={items} />
    </nav>
  );
}
