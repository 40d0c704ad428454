/**
 * What changes the whole merchant for every visitor: it runs in the
 * playwright.config.ts project `merchant-wide`, alone, after every other
 * browser test has finished, so no test beside it sees the change.
 */
import { admin, expect, test, text } from './support.ts';

const bottomBar = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: text('shell.bottom.label') });

test('maintenance set with the operator CLI shows the maintenance page, and clearing it brings home back', async ({ page }) => {
  await page.goto('/m/home');
  await expect(bottomBar(page)).toBeVisible();

  await admin('maintenance', 'on', '--info', 'Back at ten');
  try {
    await page.reload();
    await expect(page.getByText(text('status.maintenance.title'))).toBeVisible();
    await expect(page.getByText('Back at ten')).toBeVisible();
    await expect(bottomBar(page)).toHaveCount(0);
  } finally {
    await admin('maintenance', 'off');
  }
  await page.reload();
  await expect(bottomBar(page)).toBeVisible();
  await expect(page.getByText(text('status.maintenance.title'))).toHaveCount(0);
});
