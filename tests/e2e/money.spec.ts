/**
 * Money in a real browser on a fresh database: the member's balance in the
 * header, a deposit through the local payment gateway (its hosted page, back
 * to the site, credited exactly once), the transaction record, a bank card
 * and a withdrawal password, a withdrawal held and approved by the operator
 * CLI, and a trial account refused deposit.
 */
import type { Page } from '@playwright/test';
import { registerMember } from './identity-support.ts';
import { admin, expect, layoutShifts, test, text } from './support.ts';

/** "₱4,998.50" -> 499850 */
const minor = (shown: string) => Math.round(Number(shown.replace(/[^\d.-]/g, '')) * 100);

/** The amount the header's balance toggle shows (asterisks while hidden or loading). */
const balance = (page: Page) => page.getByRole('banner').getByTestId('balance-amount');
const balanceToggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: text('money.balance.hide') });

/** A field's description that starts with its error (a hint may follow). */
const describedFirstBy = (error: string) => new RegExp(`^${error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function shownBalance(page: Page): Promise<number> {
  await expect(balance(page)).toHaveText(/\d/);
  return minor((await balance(page).textContent()) ?? '');
}

async function logIn(page: Page, username: string, password: string) {
  // The announcement popup of home was seen already.
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  await page.goto('/m/login');
  await page.getByLabel(text('identity.field.username'), { exact: true }).fill(username);
  await page.getByLabel(text('identity.field.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('identity.login.submit') }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
}

test.describe('money', () => {
  test('a member deposits through the gateway, sees the record, adds a card and a withdrawal password, and withdraws', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    // A new account: an empty wallet and bet record, whatever the other suites did.
    const account = await registerMember(baseURL!, 'money');
    await logIn(page, account.username, account.password);
    // The balance is held until the screen has painted, as on a slow network.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/wps/wallets/gcs', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/m/gameRecord');
    await expect(page.getByRole('heading', { name: text('money.records.empty') })).toBeVisible();
    release();

    // The balance: symbol and 2 decimals; hidden as asterisks; shown again.
    await expect(balance(page)).toHaveText(/^₱[\d,]+\.\d{2}$/);
    // Its room in the header was kept from the first paint: nothing on the screen moved when it came.
    expect(await layoutShifts(page)).toEqual([]);
    await page.unroute('**/wps/wallets/gcs');
    const opening = await shownBalance(page);
    await balanceToggle(page).click();
    await expect(balance(page)).toHaveText('****');
    await expect(balanceToggle(page)).toHaveAttribute('aria-pressed', 'true');
    await balanceToggle(page).click();
    await expect(balance(page)).toHaveText(/^₱[\d,]+\.\d{2}$/);
    await expect(balanceToggle(page)).toHaveAttribute('aria-pressed', 'false');

    // Deposit ₱300.00 (a quick pick) without a promotion through the local gateway.
    await page.getByRole('banner').getByRole('link', { name: text('header.deposit') }).click();
    await expect(page).toHaveURL(/\/m\/voucherCenter$/);
    await page.getByRole('button', { name: '₱300.00' }).click();
    await expect(page.getByLabel(text('money.amount'))).toHaveValue('300');
    await page.getByRole('button', { name: text('money.deposit.submit') }).click();
    await expect(page).toHaveURL(/\/pay\/local\//);
    await expect(page.getByText('PHP 300.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay now' }).click();
    // A repeated notification changes nothing.
    await page.getByRole('button', { name: 'Send the notification again' }).click();
    await page.getByRole('link', { name: 'Return to the merchant' }).click();
    await expect(page).toHaveURL(/\/m\/voucherCenter\?orderNo=/);
    await expect(page.getByRole('heading', { name: text('money.deposit.completed') })).toBeVisible();
    await expect.poll(() => shownBalance(page)).toBe(opening + 300_00);

    // The deposit in the transaction record (deposits only).
    await page.getByRole('link', { name: text('money.records.open') }).click();
    await expect(page).toHaveURL(/\/m\/transaction\/record\?types=D$/);
    const records = page.getByRole('list', { name: text('money.records.list') });
    await expect(records.getByRole('listitem')).toHaveCount(1);
    await expect(records.getByRole('listitem').first()).toContainText(text('money.kind.deposit'));
    await expect(records.getByRole('listitem').first()).toContainText('+₱300.00');
    await page.getByRole('button', { name: text('money.type.A') }).click();
    await expect(page).toHaveURL(/types=A$/);

    // Withdraw: first a bank card, then a withdrawal password, then ₱150.00 (₱50.00 is below the limit).
    await page.goto('/m/withdraw');
    await expect(page.getByRole('heading', { name: text('money.card.title') })).toBeVisible();
    await page.getByLabel(text('money.card.accountName')).fill('Money Member');
    await page.getByLabel(text('money.card.accountNumber')).fill('12');
    await page.getByRole('button', { name: text('money.card.submit') }).click();
    // The error is the fields': marked invalid, described by it (first in the description), the first one focused.
    await expect(page.getByLabel(text('money.card.accountName'))).toBeFocused();
    for (const label of [text('money.card.accountName'), text('money.card.accountNumber')]) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(describedFirstBy(text('money.card.fields')));
    }
    await page.getByLabel(text('money.card.accountNumber')).fill('1234 5678 9012');
    await page.getByRole('button', { name: text('money.card.submit') }).click();

    await expect(page.getByRole('heading', { name: text('money.password.title') })).toBeVisible();
    await page.getByLabel(text('money.password.new'), { exact: true }).fill('246810');
    await page.getByLabel(text('money.password.confirm')).fill('246810');
    await page.getByRole('button', { name: text('money.password.submit') }).click();

    await expect(page.getByText('**** 9012')).toBeVisible();
    const beforeWithdraw = await shownBalance(page);
    await page.getByLabel(text('money.amount')).fill('50');
    await page.getByLabel(text('money.withdraw.password')).fill('246810');
    await page.getByRole('button', { name: text('money.withdraw.submit') }).click();
    await expect(page.getByLabel(text('money.amount'))).toHaveAccessibleDescription(describedFirstBy(text('money.amount.range')));
    await expect(page.getByLabel(text('money.amount'))).toBeFocused();
    await page.getByLabel(text('money.amount')).fill('150');
    await page.getByLabel(text('money.withdraw.password')).fill('111111');
    await page.getByRole('button', { name: text('money.withdraw.submit') }).click();
    await expect(page.getByLabel(text('money.withdraw.password'))).toHaveAccessibleDescription(describedFirstBy(text('error.withdraw.password.incorrect')));
    await expect(page.getByLabel(text('money.withdraw.password'))).toBeFocused();
    await page.getByLabel(text('money.withdraw.password')).fill('246810');
    await page.getByRole('button', { name: text('money.withdraw.submit') }).click();
    await expect(page.getByRole('heading', { name: text('money.withdraw.requested') })).toBeVisible();
    await expect.poll(() => shownBalance(page)).toBe(beforeWithdraw - 150_00);
    const orderNo = /withdrawal (\S+) is processed/.exec((await page.getByRole('status').filter({ hasText: 'on hold' }).textContent()) ?? '')?.[1];
    expect(orderNo).toBeTruthy();

    // The operator approves it; the record shows the hold and the payout.
    expect(await admin('withdrawals', 'list')).toContain(orderNo!);
    await admin('withdrawals', 'approve', orderNo!);
    await page.goto('/m/transaction/record?types=W');
    await expect(records.getByRole('listitem').filter({ hasText: text('money.kind.withdrawPay') })).toHaveCount(1);
    await expect(records.getByRole('listitem').filter({ hasText: text('money.kind.withdrawHold') }).first()).toContainText('-₱150.00');
    await expect.poll(() => shownBalance(page)).toBe(opening + 300_00 - 150_00);
  });

  test('a trial account is refused deposit with the free_reject message', async ({ page }) => {
    // Not the home's notice popup (once per browser session; the lobby suite looks at it).
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await page.goto('/m/login');
    await page.getByRole('link', { name: text('identity.login.trial') }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.getByRole('banner').getByRole('link', { name: text('header.deposit') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('free_reject') })).toBeVisible();
    await expect(page.getByRole('heading', { name: text('free_reject') })).toBeVisible();
    // The toast goes after 2 s; the refusal stays with the way to a real account.
    await expect(page.getByRole('status').filter({ hasText: text('free_reject') })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: text('header.register') })).toBeVisible();
  });
});
