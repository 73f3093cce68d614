/**
 * A staging site (issue 15: production mode with STAGING_SANDBOX=allow) says so on every
 * page: the shell's pages, the staff console and the sandbox gateway's own pages. The
 * words are the issue's, verbatim, while codes go to the development outbox; a staging site
 * on a real SMS provider sends real codes to real phones, so its banner says only what is
 * still a test.
 */
export const STAGING_BANNER = '测试站点：支付不产生真实扣款，短信验证码见测试发件箱';
export const STAGING_BANNER_REAL_SMS = '测试站点：支付不产生真实扣款';

export function stagingBannerText(smsOutbox: boolean): string {
  return smsOutbox ? STAGING_BANNER : STAGING_BANNER_REAL_SMS;
}
