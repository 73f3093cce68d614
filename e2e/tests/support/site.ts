import type { Page } from '@playwright/test';

/**
 * The home page opens the text advertisement once per browser session, and every test has
 * a fresh session. Tests about something else mark it as already seen, so its dialog does
 * not cover the page they drive.
 */
export async function skipTextAdvertisement(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('textAdvShown', '1'));
}
