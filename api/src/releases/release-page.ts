/** The release page (stage 6): filled in below. */
export const RELEASE_PAGE_HTML =
  '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>发布管理</title><body>发布管理</body></html>';
