import type { Page } from '@playwright/test';

/**
 * The home page opens the text advertisement once per browser session (every test has a
 * fresh one) and floats an image advertisement that stops under the pointer, so it can
 * sit on the very button a test clicks. Tests about something else mark the text one as
 * seen and hide the floating one; public-site.spec.ts tests both.
 */
export async function skipTextAdvertisement(page: Page): Promise<void> {
  await page.addInitScript(() => {
    sessionStorage.setItem('textAdvShown', '1');
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '[data-testid="floating-advertisement"] { display: none !important; }';
      document.head.appendChild(style);
    });
  });
}
