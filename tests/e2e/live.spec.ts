/**
 * Live rooms in a real browser on the real backend: a guest finds them in the
 * message center, sees the demo hosts (those on air first), opens one and the
 * demo stream the server serves really plays; an off-air host's room says so.
 */
import { expect, test, text } from './support.ts';

test('a guest opens the live rooms from the message center and watches a host on air', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  await page.goto('/m/message');
  await page.getByRole('button', { name: text('messaging.center.live') }).click();
  await expect(page).toHaveURL(/\/m\/live$/);
  const rooms = page.getByRole('list', { name: text('messaging.live.list') }).getByRole('link');
  await expect(rooms).toHaveCount(3);
  await expect(rooms.nth(0)).toContainText(text('messaging.live.onAir'));
  await expect(rooms.nth(2)).toContainText(text('messaging.live.offAir'));

  await rooms.nth(0).click();
  const video = page.locator('video');
  await expect(video).toBeVisible();
  // The stream plays: time moves on and the "starting" note is gone.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  await expect(page.getByText(text('messaging.live.starting'))).toHaveCount(0);

  await page.getByRole('link', { name: text('messaging.live.allRooms') }).click();
  await page.getByRole('list', { name: text('messaging.live.list') }).getByRole('link').nth(2).click();
  await expect(page.getByRole('heading', { name: text('messaging.live.offAir') })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
});
