/**
 * spec 02 §2, §6: video lessons work only in desktop Chrome. Mobile browsers are sent to the
 * app or a PC, other desktop browsers to Chrome. Decided from the user agent, as the
 * original client did; Chromium-based browsers with their own brand count as "other".
 */
export type BrowserSupport = 'desktop-chrome' | 'mobile' | 'other';

const MOBILE = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|MicroMessenger/i;
const OTHER_CHROMIUM_BRANDS = /Edg\/|OPR\/|SamsungBrowser|UCBrowser|QQBrowser|MetaSr|360SE|YaBrowser|Vivaldi/i;

export function browserSupportOf(userAgent: string): BrowserSupport {
  if (MOBILE.test(userAgent)) return 'mobile';
  if (/Chrome\/\d+/.test(userAgent) && !OTHER_CHROMIUM_BRANDS.test(userAgent)) return 'desktop-chrome';
  return 'other';
}
