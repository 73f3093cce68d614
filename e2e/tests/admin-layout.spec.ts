import { expect, test, type Browser } from '@playwright/test';
import { DEMO_STAFF, openConsoleAs, type StaffLogin } from './support/staff';

/**
 * Every table page of the console fits a 1280 px screen (issue 18, as issue 16 asked of
 * /myOrder): no sideways scrolling, and the action buttons in view, at 1280 and at 1440.
 */
// Thirteen pages, each waited for and photographed, and up to six staff sign-ins that may each
// wait for the next TOTP step: minutes on a busy two-core machine. Each staff member's pages
// are opened from the console's menu in one tab, as staff move between them (no reload).
test.setTimeout(300_000);
const PAGE_TIMEOUT = 60_000;

const TABLE_PAGES: readonly { path: string; menu: string; table: string; staff: StaffLogin }[] = [
  { path: '/admin/learners', menu: '学员管理', table: '学员列表', staff: DEMO_STAFF.registrar },
  { path: '/admin/archive-reviews', menu: '档案审核', table: '档案审核', staff: DEMO_STAFF.registrar },
  { path: '/admin/orders', menu: '订单查询', table: '订单列表', staff: DEMO_STAFF.finance },
  { path: '/admin/refunds', menu: '退款审核', table: '退款申请', staff: DEMO_STAFF.finance },
  { path: '/admin/invoices', menu: '发票开具', table: '发票申请', staff: DEMO_STAFF.finance },
  { path: '/admin/reconciliation', menu: '支付对账', table: '对账差异', staff: DEMO_STAFF.finance },
  { path: '/admin/staff', menu: '工作人员账号', table: '工作人员账号', staff: DEMO_STAFF.admin },
  { path: '/admin/audit', menu: '审计日志', table: '审计日志', staff: DEMO_STAFF.admin },
  { path: '/admin/reports', menu: '统计报表', table: '完成学习人员名单', staff: DEMO_STAFF.auditor },
  { path: '/admin/course-years', menu: '学习年度', table: '学习年度', staff: DEMO_STAFF.courses },
  { path: '/admin/courses', menu: '课程管理', table: '课程列表', staff: DEMO_STAFF.courses },
  { path: '/admin/articles', menu: '文章管理', table: '文章列表', staff: DEMO_STAFF.editor },
  { path: '/admin/question-banks', menu: '题库管理', table: '题目', staff: DEMO_STAFF.courses },
];

/**
 * Form labels, description labels and column headings squeezed so narrow that their text
 * breaks about one character per line (a label of n ≥ 2 characters on n or more lines, or
 * on 3 or more lines when longer).
 */
async function squeezedLabels(page: Awaited<ReturnType<Browser['newPage']>>): Promise<string[]> {
  return page.evaluate(() => {
    const selectors = '.ant-form-item-label > label, .ant-descriptions-item-label, .ant-table-thead th';
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selectors))) {
      if (element.offsetParent === null) continue;
      const text = (element.textContent ?? '').trim();
      if ([...text].length < 2) continue;
      // The lines of the label's text itself (not of a sort icon or a help mark beside it).
      const tops = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      const lines = tops.size;
      if (lines >= Math.min([...text].length, 3)) found.push(`${text} (${lines} 行)`);
    }
    return found;
  });
}

for (const width of [1280, 1440]) {
  test(`every console table fits at ${width} px with its actions in view`, async ({ browser }) => {
    // One tab per staff member, signed in once; each page is then opened in that tab.
    const tabs = new Map<string, Awaited<ReturnType<typeof browser.newPage>>>();
    for (const { path, menu, table, staff } of TABLE_PAGES) {
      let page = tabs.get(staff.username);
      if (!page) {
        page = await browser.newPage({ viewport: { width, height: 900 } });
        await openConsoleAs(page, staff, path);
        tabs.set(staff.username, page);
      } else {
        await page.getByRole('menuitem', { name: menu }).click();
        await page.waitForURL((url) => url.pathname === path);
      }
      const grid = page.getByRole('table', { name: table });
      // A staff member's first page loads the admin remote and the page's own chunk (文章管理's
      // brings the editor): more than 20 s once in CI, with the other worker's browser busy.
      await expect(grid).toBeVisible({ timeout: PAGE_TIMEOUT });
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const scroller = page.locator('.ant-table-content').first();
      const overflow = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect.soft(overflow, `${path}: ${overflow} px wider than its box at ${width} px`).toBeLessThanOrEqual(1);
      // The list's own rows (not the small tables inside a cell, such as the audit log's changes).
      const firstAction = grid.locator('tr.ant-table-row > td.ant-table-cell:last-child button').first();
      if ((await firstAction.count()) > 0) await expect(firstAction).toBeInViewport();
      const squeezed = await squeezedLabels(page);
      expect.soft(squeezed, `${path}: labels broken one character per line at ${width} px`).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`${path.slice(7)}-${width}.png`) });
    }
    for (const page of tabs.values()) await page.close();
  });
}
