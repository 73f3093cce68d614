/**
 * spec 02: inside a WeChat-type in-app browser (WeChat, and QQ's, which block downloads the
 * same way) the Android download cannot start; the visitor is told to open the page in a
 * real browser instead.
 */
export function isWeChatTypeBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent) || /\bQQ\/\d/i.test(userAgent);
}

export const OPEN_IN_BROWSER_TIP = '请点击右上角“…”，选择“在浏览器打开”后再下载安卓版';
