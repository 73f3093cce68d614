/** Production's check of `PUBLIC_BASE_URL` (moved out of config.ts, which must stay under 500 lines). */

function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** What is wrong with `PUBLIC_BASE_URL` for production, or undefined. */
export function publicBaseUrlProblem(value: string | undefined): string | undefined {
  if (value === undefined) {
    return "PUBLIC_BASE_URL is unset: QR codes, payment notifications and return addresses would come from the request's Host header. Set it to the site's https address, e.g. https://www.example.org.";
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `PUBLIC_BASE_URL is not an absolute URL ("${value}"); set the site's https address, e.g. https://www.example.org.`;
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return `PUBLIC_BASE_URL must be an origin only (scheme, host, optional port), got "${value}".`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHostname(url.hostname)) return undefined;
  return `PUBLIC_BASE_URL must be https (http only for loopback addresses), got "${value}".`;
}
