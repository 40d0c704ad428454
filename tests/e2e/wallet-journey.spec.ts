/**
 * One member's money from the first deposit to a withdrawal, in real Chromium
 * on a fresh database: a new account deposits through the local payment
 * gateway, launches an in-house game and a vendor game from the lobby and
 * plays them, and the header balance, the transaction record and the bet
 * record all tell the same story; then it withdraws and the operator pays.
 */
import type { Page } from '@playwright/test';
import { createApiClient } from '../../src/api/client.ts';
import { type Game, gameListEndpoint } from '../../contract/games.ts';
import { registerMember } from './identity-support.ts';
import { admin, expect, test, text } from './support.ts';

/** "₱4,998.50" / "-₱1.00" -> minor units */
const minor = (shown: string) => Math.round(Number(shown.replace(/[^\d.-]/g, '')) * 100);

const guestCall = (baseURL: string) => createApiClient({ baseURL, headers: () => ({ merchant: 'DEMO', language: 'EN' }), isOnline: () => true });

async function games(baseURL: string, query: Record<string, unknown>): Promise<Game[]> {
  const { games } = await guestCall(baseURL)(gameListEndpoint, { query: { pageNo: 1, pageSize: 25, ...query } as never });
  return games.filter((g) => g.nodeId && g.isGameH5 !== 'VASSALAGE');
}

/** The amount the header's balance toggle shows (asterisks while it loads). */
const headerBalance = (page: Page) => page.getByRole('banner').getByTestId('balance-amount');
async function shownBalance(page: Page): Promise<number> {
  await expect(headerBalance(page)).toHaveText(/\d/);
  return minor((await headerBalance(page).textContent()) ?? '');
}

/** Opens a lobby list, taps the game's tile and plays it from the action sheet. */
async function launchFromLobby(page: Page, listPath: string, game: Game) {
  await page.goto(listPath);
  await page.locator(`[data-game-id="${game.gameId}"]`).getByRole('button').first().click();
  await page.getByRole('dialog', { name: game.displayName }).getByRole('button', { name: text('lobby.sheet.play'), exact: true }).click();
  await expect(page).toHaveURL(/\/play\/[A-Za-z0-9_-]{95,136}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.gameName);
}

/** One round on the game page; returns stake, win and the balance after it, as the page shows them. */
async function playRound(page: Page, stake: string, action: string) {
  const before = minor((await page.locator('#balance').textContent()) ?? '');
  const nonce = page.locator('#nonce');
  const previousNonce = (await nonce.count()) > 0 ? await nonce.textContent() : null;
  await page.getByLabel(text('play.stake')).fill(stake);
  await page.getByRole('button', { name: action }).click();
  await expect(page.locator('#last-stake')).toHaveText(`₱${stake}`);
  if (previousNonce !== null) await expect(nonce).not.toHaveText(previousNonce);
  await expect(page.locator('#play')).not.toHaveAttribute('aria-busy', 'true');
  const win = minor((await page.locator('#last-win').textContent()) ?? '');
  const after = minor((await page.locator('#balance').textContent()) ?? '');
  expect(after).toBe(before - minor(stake) + win);
  return { stake: minor(stake), win, after };
}

test('a new member deposits, plays an in-house and a vendor game, sees balance and records agree, and withdraws', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const account = await registerMember(baseURL!, 'wj');
  // Diamonds: an in-house game played with the stake alone.
  const slot = (await games(baseURL!, { gameType: 'RNG', vassalage: 'BGS', pageSize: 50 })).find((g) => g.gameName === 'Diamonds')!;
  const vendorGame = (await games(baseURL!, { gameType: 'LIVE' }))[0]!;

  // Log in: a new account has nothing.
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  await page.goto('/m/login');
  await page.getByLabel(text('identity.field.username'), { exact: true }).fill(account.username);
  await page.getByLabel(text('identity.field.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: text('identity.login.submit') }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  expect(await shownBalance(page)).toBe(0);

  // Deposit ₱500.00 through the gateway's hosted page.
  await page.goto('/m/voucherCenter');
  await page.getByLabel(text('money.amount')).fill('500');
  await page.getByRole('button', { name: text('money.deposit.submit') }).click();
  await expect(page).toHaveURL(/\/pay\/local\//);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('link', { name: 'Return to the merchant' }).click();
  await expect(page.getByRole('heading', { name: text('money.deposit.completed') })).toBeVisible();
  await expect.poll(() => shownBalance(page)).toBe(500_00);

  // The in-house game, launched from the lobby: two rounds.
  await launchFromLobby(page, '/m/gameList?gameType=RNG&vassalage=BGS', slot);
  await expect(page.locator('#balance')).toHaveAttribute('data-amount', '50000');
  const rounds = [await playRound(page, '2.00', text('play.play')), await playRound(page, '1.00', text('play.play'))];

  // A vendor's live game in the sandbox: one round.
  await launchFromLobby(page, '/m/live-games', vendorGame);
  await expect(page.locator('#balance')).toHaveAttribute('data-amount', String(rounds[1]!.after));
  const stake = (Math.max(vendorGame.minBet, 100) / 100).toFixed(2);
  rounds.push(await playRound(page, stake, text('play.play')));
  const final = rounds[2]!.after;
  const net = rounds.reduce((sum, r) => sum - r.stake + r.win, 0);
  expect(final).toBe(500_00 + net);

  // Back in the lobby, the header shows the same balance.
  await page.getByRole('link', { name: text('play.back') }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect.poll(() => shownBalance(page)).toBe(final);

  // The bet record: the three rounds, newest first, and totals that match.
  await page.goto('/m/gameRecord');
  const list = page.getByRole('list', { name: text('money.records.list') });
  const bets = list.getByRole('listitem');
  await expect(bets).toHaveCount(3);
  await expect(bets.nth(0)).toContainText(vendorGame.gameName);
  await expect(bets.nth(1)).toContainText(slot.gameName);
  await expect(bets.nth(2)).toContainText(slot.gameName);
  const summary = page.getByRole('region', { name: text('money.bet.summary') });
  await expect(summary).toContainText(text('money.bet.profit'));
  const summaryMoney = (await summary.locator('strong').allTextContents()).map(minor);
  expect(summaryMoney).toEqual([
    rounds.reduce((s, r) => s + r.stake, 0),
    rounds.reduce((s, r) => s + r.win, 0),
    net,
  ]);

  // The transaction record: game movements sum to the same net, and the newest balance is the header's.
  await page.goto('/m/transaction/record?types=G');
  const movements = list.getByRole('listitem');
  await expect(movements.first()).toBeVisible();
  const amounts = await movements.evaluateAll((items) => items.map((li) => li.children[1]?.textContent ?? ''));
  expect(amounts.map(minor).reduce((a, b) => a + b, 0)).toBe(net);
  await page.goto('/m/transaction/record?types=A');
  // The header's balance once loaded (it shows a mask until its answer arrives).
  await expect(headerBalance(page)).toHaveText(/\d/);
  await expect(list.getByRole('listitem').first()).toContainText(
    text('money.records.balanceAfter', { amount: (await headerBalance(page).textContent()) ?? '' }),
  );

  // Withdraw ₱100.00: a card, a withdrawal password, the request; the operator pays it.
  await page.goto('/m/withdraw');
  await page.getByLabel(text('money.card.accountName')).fill('Journey Member');
  await page.getByLabel(text('money.card.accountNumber')).fill('9876 5432 1000');
  await page.getByRole('button', { name: text('money.card.submit') }).click();
  await page.getByLabel(text('money.password.new'), { exact: true }).fill('135790');
  await page.getByLabel(text('money.password.confirm')).fill('135790');
  await page.getByRole('button', { name: text('money.password.submit') }).click();
  await page.getByLabel(text('money.amount')).fill('100');
  await page.getByLabel(text('money.withdraw.password')).fill('135790');
  await page.getByRole('button', { name: text('money.withdraw.submit') }).click();
  await expect(page.getByRole('heading', { name: text('money.withdraw.requested') })).toBeVisible();
  await expect.poll(() => shownBalance(page)).toBe(final - 100_00);
  const orderNo = /withdrawal (\S+) is processed/.exec((await page.getByRole('status').filter({ hasText: 'on hold' }).textContent()) ?? '')?.[1];
  await admin('withdrawals', 'approve', orderNo!);
  await page.goto('/m/transaction/record?types=W');
  await expect(list.getByRole('listitem').filter({ hasText: text('money.kind.withdrawPay') })).toHaveCount(1);
  await expect.poll(() => shownBalance(page)).toBe(final - 100_00);
});
