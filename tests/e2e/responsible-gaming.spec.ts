/**
 * Responsible gaming (docs/responsible-gaming.md), through the real site and
 * server: a fresh member opens the page from the member menu, sets a daily
 * deposit limit, is refused a deposit over it (no order is made), takes a
 * 24-hour time-out after its confirmation, and is then refused a game launch.
 */
import { depositOrdersEndpoint } from '../../contract/wallet.ts';
import { freshMember } from './money-support.ts';
import { expect, giveSession, test, text } from './support.ts';

test.describe('responsible gaming', () => {
  test('a member sets a daily deposit limit, is refused a deposit over it, takes a time-out and cannot launch a game', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const member = await freshMember(baseURL!, 'rg');
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, member.session);
    await page.goto('/m/home');

    // The member menu's entry opens the page.
    await page.getByRole('button', { name: text('shell.memberMenu.open') }).click();
    await page.getByRole('dialog').getByRole('link', { name: text('title.responsibleGaming') }).click();
    await expect(page).toHaveURL(/\/m\/responsibleGaming$/);

    // A daily deposit limit of ₱100: lowering (from none) takes effect at once.
    const deposit = page.getByRole('region', { name: text('rg.kind.deposit') });
    const daily = deposit.getByRole('button', { name: new RegExp(text('rg.period.day')) });
    await expect(daily).toContainText(text('rg.limit.none'));
    await daily.click();
    const form = page.getByRole('dialog', { name: text('rg.limit.name', { kind: text('rg.kind.deposit'), period: text('rg.period.day') }) });
    await form.getByLabel(text('rg.limit.amount')).fill('100');
    await form.getByRole('button', { name: text('rg.limit.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('rg.limit.saved') })).toBeVisible();
    await expect(daily).toContainText('₱100.00');

    // A deposit of ₱200 goes over it: refused with its message, and no order is made.
    await page.getByRole('banner').getByRole('link', { name: text('header.deposit') }).click();
    await expect(page).toHaveURL(/\/m\/voucherCenter$/);
    await page.getByLabel(text('money.amount')).fill('200');
    await page.getByRole('button', { name: text('money.deposit.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: text('error.rg.deposit.limit') })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/voucherCenter$/);
    expect((await member.call(depositOrdersEndpoint, { query: { pageNo: 1, pageSize: 10 } as never })).list).toEqual([]);

    // A 24-hour time-out, once confirmed.
    await page.goto('/m/responsibleGaming');
    const exclusion = page.getByRole('region', { name: text('rg.exclusion.title') });
    await exclusion.getByRole('button', { name: text('rg.exclusion.take') }).click();
    const confirm = page.getByRole('alertdialog', { name: text('rg.exclusion.confirmTitle') });
    await expect(confirm).toContainText(text('rg.exclusion.confirmFor', { duration: '24 hours' }));
    await confirm.getByRole('button', { name: text('rg.exclusion.start') }).click();
    await expect(exclusion).toContainText(text('rg.exclusion.timeOutUntil', { date: '|' }).split('|')[0]!.trim());

    // Launching a game is refused with its message.
    await page.goto('/m/live-games');
    await page.getByTestId('game-tile').first().getByRole('button').first().click();
    await page.getByRole('dialog').getByRole('button', { name: text('lobby.sheet.play') }).click();
    await expect(page.getByRole('alert').filter({ hasText: text('error.rg.play.excluded') })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/live-games$/);
  });
});
