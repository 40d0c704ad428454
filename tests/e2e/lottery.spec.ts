/**
 * The lottery's journey (docs/lottery.md) through the real site and server: a
 * new member with money opens /m/elott, launches the 1-minute lotto (the
 * launcher opens the site's own game screen), bets on big or small, finds the
 * order in my orders and cancels it (the stake comes back), bets again, and
 * waits for the draw: the screen shows the drawn numbers and the order is
 * settled, its payout shown.
 */
import type { Page } from '@playwright/test';
import { createApiClient } from '../../src/api/client.ts';
import { gameListEndpoint } from '../../contract/games.ts';
import { walletEndpoint } from '../../contract/wallet.ts';
import { axeViolations } from './axe.ts';
import { fetchFrom } from './client-address.ts';
import { freshMember, fund } from './money-support.ts';
import { expect, giveSession, tapTile, test, text } from './support.ts';

const startingBalance = 500_00;

/** Serious or critical WCAG 2.1 A/AA violations of the page (the game screen's path is a game's, outside the route table's audit). */
async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The 1-minute lotto of the demo catalogue, as the game list has it. */
async function oneMinuteLotto(baseURL: string) {
  const call = createApiClient({ baseURL, headers: () => ({ merchant: 'DEMO', language: 'EN' }), isOnline: () => true, fetch: fetchFrom() });
  const { games } = await call(gameListEndpoint, { query: { pageNo: 1, pageSize: 100, gameType: 'ELOTT' } as never });
  const game = games.find((g) => g.displayName === '1-Minute Lotto' || g.gameName === '1-Minute Lotto');
  if (!game) throw new Error('no 1-Minute Lotto in the ELOTT list');
  return game;
}

/** What the round is doing: the countdown, betting closed, the draw. */
const roundOf = (page: Page) => page.getByRole('region', { name: '1-Minute Lotto' }).getByRole('status');

/** Seconds left on the countdown of the issue taking bets (-1 while betting is closed). */
const secondsLeft = async (page: Page) => {
  const shown = (await roundOf(page).textContent()) ?? '';
  const match = /Betting closes in (\d+):(\d\d)/.exec(shown);
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
};

/** A big or small bet of ₱10 placed from the game screen, with time left to cancel it; returns its issue number. */
async function betOn(page: Page, side: 'Big' | 'Small', { cancelWindow = 0 } = {}) {
  if (cancelWindow) await expect.poll(() => secondsLeft(page), { timeout: 70_000, intervals: [500] }).toBeGreaterThanOrEqual(cancelWindow);
  await page.getByRole('tab', { name: /^Big \/ Small/ }).click();
  await page.getByRole('button', { name: side, exact: true }).click();
  await page.getByRole('button', { name: 'Add to slip' }).click();
  await page.getByRole('button', { name: 'Place 1 bet' }).click();
  const toast = page.getByText(/^1 bet placed on draw /);
  await expect(toast).toBeVisible();
  return /on draw (\S+)$/.exec((await toast.textContent()) ?? '')![1]!;
}

test('a member launches the 1-minute lotto, bets, cancels, bets again and sees the draw settle the order', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const member = await freshMember(baseURL!, 'lotto');
  await fund(baseURL!, member, startingBalance);
  const balance = async () => (await member.call(walletEndpoint)).sumBalance;
  const lotto = await oneMinuteLotto(baseURL!);
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  await giveSession(page, member.session);

  // /m/elott: its tile launches the lottery, and the launcher opens the site's own game screen.
  await page.goto('/m/elott');
  await tapTile(page, lotto.gameId);
  await expect(page).toHaveURL(new RegExp(`/m/lotto/${lotto.gameCode}\\?prizeMode=\\w+&playType=\\w+$`));
  await expect(page.getByRole('heading', { name: '1-Minute Lotto' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A bet, found in my orders and cancelled before the cutoff: the stake comes back.
  const cancelledIssue = await betOn(page, 'Big', { cancelWindow: 25 });
  await expect.poll(balance).toBe(startingBalance - 10_00);
  await page.getByRole('link', { name: text('lottery.link.orders') }).click();
  const orders = page.getByRole('list', { name: text('lottery.orders.list') });
  const cancelled = orders.getByRole('button', { name: new RegExp(`Draw ${cancelledIssue}`) });
  await cancelled.click();
  await page.getByRole('button', { name: text('lottery.cancel') }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: text('lottery.cancel') }).click();
  await expect(cancelled).toContainText(text('lottery.status.cancelled'));
  await expect.poll(balance).toBe(startingBalance);

  // Another bet, then the draw: betting closes, the numbers come, the order is settled.
  await page.goBack();
  await expect(page.getByRole('heading', { name: '1-Minute Lotto' })).toBeVisible();
  const issue = await betOn(page, 'Small', { cancelWindow: 3 });
  await expect.poll(balance).toBe(startingBalance - 10_00);
  const round = roundOf(page);
  await expect(round).toContainText('Betting closed, draw at', { timeout: 70_000 });
  await expect(round).toHaveText(text('lottery.round.drawn', { issueNo: issue }), { timeout: 40_000 });
  await expect(page.getByRole('list', { name: /^Numbers drawn: \d/ }).first()).toBeVisible();
  await expect(page.getByText(/^(You won .* on this draw!|No win on this draw this time\.)$/)).toBeVisible();

  await page.getByRole('link', { name: text('lottery.link.orders') }).click();
  // Newest first: the second bet (the cancelled one may be on the same draw).
  const settled = page.getByRole('list', { name: text('lottery.orders.list') }).getByRole('button', { name: new RegExp(`Draw ${issue}`) }).first();
  await expect(settled).toContainText(text('lottery.status.settled'));
  await expect(settled).toContainText(/Payout ₱(0\.00|19\.40)/);
  const won = (await settled.textContent())!.includes('₱19.40');
  await expect.poll(balance).toBe(startingBalance - 10_00 + (won ? 19_40 : 0));
  await settled.click();
  await expect(page.getByRole('region', { name: /^Order \d+$/ }).getByRole('list', { name: /^Numbers drawn: / })).toBeVisible();
});
