/**
 * The leaderboard in a real browser on the real backend: player1, whose seeded
 * rounds settle on the day the demo seed ran (server/seed/seed-loyalty.ts),
 * opens it from the member center, picks the turnover of the month and sees
 * their own rank, pinned and, among the top 20, highlighted in the list; the
 * figures are the server's (the same call from Node).
 */
import { leaderboardEndpoint } from '../../contract/leaderboard.ts';
import { memberCall } from './money-support.ts';
import { expect, giveSession, logIn, test, text } from './support.ts';

const money = (amount: number, symbol: string) =>
  `${symbol}${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a member with settled bets finds the leaderboard in the member center and sees their own rank', async ({ page, baseURL }) => {
  const session = await logIn(baseURL!, { username: 'player1', password: 'Player#2026' });
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  await giveSession(page, session);
  await page.goto('/m/member/home');
  await page.getByRole('navigation', { name: text('title.memberHome') }).getByRole('link', { name: text('title.leaderboard') }).click();
  await expect(page).toHaveURL(/\/m\/leaderboard$/);
  await expect(page.getByRole('button', { name: text('loyalty.leaderboard.board.winners') })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: text('loyalty.leaderboard.board.turnover') }).click();
  await page.getByRole('button', { name: text('loyalty.leaderboard.period.month') }).click();
  await expect(page.getByRole('button', { name: text('loyalty.leaderboard.period.month') })).toHaveAttribute('aria-pressed', 'true');
  const board = await memberCall(baseURL!, session)(leaderboardEndpoint, { query: { board: 'turnover', period: 'month' } });
  expect(board.mine).not.toBeNull();
  const mine = board.mine!;
  const own = page.getByRole('region', { name: text('loyalty.leaderboard.mine') });
  await expect(own).toContainText(text('loyalty.leaderboard.rank', { rank: mine.rank }));
  await expect(own).toContainText(money(mine.amount, board.currency.symbol));
  const list = page.getByRole('list', { name: text('loyalty.leaderboard.top', { count: board.list.length }) });
  await expect(list.getByRole('listitem')).toHaveCount(board.list.length);
  if (mine.rank <= 20) {
    const row = list.locator('li[aria-current="true"]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text('loyalty.leaderboard.you'));
    await expect(row).toContainText(money(mine.amount, board.currency.symbol));
  }
});
