import { Outlet } from '@yaoshi/ui/router';
import { StagingBanner } from './staging-banner';

/**
 * A console (the staff console at /admin) is a page of its own, outside the site's header,
 * footer and learner guard; the staging banner is the one thing it keeps from the site:
 * staff decide refunds and payments there, so they must see that it is a test site.
 */
export function ConsoleLayout() {
  return (
    <>
      <StagingBanner />
      <Outlet />
    </>
  );
}
