/**
 * A server-rendered article counts its own view: the page's script (the shell's
 * site-takeover.js) posts it once per page load, without main.js, and leaves the article's id
 * in `window.__yaoshiViewCounted`. When the browser's site takes over that page, its first
 * open of the same article must not count again (`/v1/article` with `count: false`); any
 * later open (another article, or this one again through the site) counts as before.
 */
interface CountedViewHost {
  __yaoshiViewCounted?: unknown;
}

/** True once for the article the page's beacon counted, and forgets it: the next open counts. */
export function takeServerCountedView(
  postid: number,
  host: CountedViewHost = globalThis as unknown as CountedViewHost,
): boolean {
  if (host.__yaoshiViewCounted !== postid) return false;
  delete host.__yaoshiViewCounted;
  return true;
}
