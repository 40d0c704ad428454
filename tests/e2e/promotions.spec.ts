/**
 * Promotions in a real browser, end to end: the operator creates a promotion
 * of mode apply; a fresh member applies with a comment and a real PNG; the
 * operator approves the application; the member claims the bonus, which the
 * ledger pays once (the balance rises by the bonus, a second claim changes
 * nothing).
 */
import { walletEndpoint } from '../../contract/wallet.ts';
import { claimEndpoint } from '../../contract/promotions.ts';
import { freshMember } from './money-support.ts';
import { tinyPng } from './images.ts';
import { admin, expect, giveSession, test, text } from './support.ts';

test.describe('promotions', () => {
  test('a member applies with an image, the operator approves, the member claims the bonus once', async ({ page, baseURL }) => {
    const member = await freshMember(baseURL!, 'promo');
    const title = `Reload ${member.username}`;
    const created = await admin('promotions', 'create', '--title', title, '--content', '<p>Send us your deposit receipt.</p>', '--mode', 'apply', '--bonus', '88.00');
    const promotionId = /#(\d+)/.exec(created)?.[1];
    expect(promotionId).toBeTruthy();
    const balanceBefore = (await member.call(walletEndpoint)).sumBalance;

    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, member.session);
    await page.goto(`/m/activityDetail?id=${promotionId}`);

    // `?id=` opens the promotion; the member applies with a comment and a PNG.
    const item = page.getByRole('listitem').filter({ hasText: title });
    await expect(item.getByRole('button', { name: new RegExp(title) })).toHaveAttribute('aria-expanded', 'true');
    await expect(item.getByTestId('promotion-status')).toHaveText(text('promo.status.join'));
    await item.getByRole('button', { name: text('promo.action.apply') }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByLabel(text('promo.apply.comment')).fill('Deposit of ₱500 on Monday');
    await sheet.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(sheet.getByRole('img', { name: 'receipt.png' })).toBeVisible();
    await sheet.getByRole('button', { name: text('promo.apply.submit') }).click();
    await expect(page.getByText(text('promo.apply.success'))).toBeVisible();
    await expect(item.getByTestId('promotion-status')).toHaveText(text('promo.status.applying'));

    // The operator sees the application with its image, and approves it.
    const pending = await admin('promotions', 'applications');
    const line = new RegExp(`#(\\d+) {2}promotion #${promotionId} {2}pending +${member.username}`).exec(pending);
    expect(line, pending).not.toBeNull();
    expect(pending).toMatch(/image 1: receipt\.png \(image\/png, \d+ bytes/);
    await admin('promotions', 'approve', line![1]!);

    // The member claims it: the balance rises by exactly the bonus.
    await page.reload();
    await expect(item.getByTestId('promotion-status')).toHaveText(text('promo.status.claim'));
    await item.getByRole('button', { name: text('promo.action.claim') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('promo.claim.success') })).toBeVisible();
    await expect(item.getByTestId('promotion-status')).toHaveText(text('promo.status.claimed'));
    expect((await member.call(walletEndpoint)).sumBalance).toBe(balanceBefore + 88_00);

    // Claiming again (another tab, a replay) answers the same and pays nothing more.
    const again = await member.call(claimEndpoint, { body: { applicationId: Number(line![1]) } });
    expect(again.promotion.status).toBe('claimed');
    expect((await member.call(walletEndpoint)).sumBalance).toBe(balanceBefore + 88_00);
  });
});
