/**
 * The agency centre in a real browser, end to end: a new agent opens a
 * member account from the footer, rains a red envelope on it, and finds the
 * member with the money in team management and the movement in the team's
 * transactions; the demo agent `agent1` sees its populated team on the home
 * screen, in the team overview and in the team's profit and loss.
 */
import { demoAccounts } from '../../server/seed/seed-members.ts';
import { freshUsername } from './identity-support.ts';
import { freshAgent, fund } from './money-support.ts';
import { expect, giveSession, layoutShifts, logIn, test, text } from './support.ts';

test.describe('agency centre', () => {
  test('an agent opens an account, rains a red envelope on it, and sees it in the team', async ({ page, baseURL }) => {
    const agent = await freshAgent(baseURL!, 'agt');
    await fund(baseURL!, agent, 10_000);
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, agent.session);
    // The wallet, today's figures and the menu are held until the screen has painted, as on a slow network.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/wps\/(wallets\/gcs|agent\/team\/kpi|agent\/menu)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/m/agent');
    await expect(page.getByRole('heading', { level: 2, name: /^Good / })).toBeVisible();
    release();
    await expect(page.getByText('₱100.00')).toBeVisible();
    const menu = page.getByRole('region', { name: text('agent.menu') });
    await expect(menu.getByRole('link', { name: text('title.redRain') })).toBeVisible();
    await expect(page.getByRole('region', { name: text('agent.today') }).getByRole('definition').first()).toHaveText(/^\d/);
    // Each part kept its room from the first paint: nothing on the screen moved when they came.
    expect(await layoutShifts(page)).toEqual([]);

    // Open account, from the footer: a refusal in words first, then the member.
    await page.getByRole('navigation', { name: text('agent.footer') }).getByRole('link', { name: text('title.agentRegister') }).click();
    const username = freshUsername('dwn');
    await page.getByLabel(text('agent.open.username')).fill(username);
    await page.getByLabel(text('agent.open.password'), { exact: true }).fill('Member#2026');
    await page.getByLabel(text('agent.open.confirmPassword')).fill('Other#2026');
    await page.getByRole('button', { name: text('agent.open.submit') }).click();
    await expect(page.getByLabel(text('agent.open.confirmPassword'))).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(text('agent.open.confirmPassword')).fill('Member#2026');
    await page.getByRole('button', { name: text('agent.open.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('agent.open.doneMember', { account: username }) })).toBeVisible();

    // The member logs in with the password the agent chose.
    await logIn(baseURL!, { username, password: 'Member#2026' });

    // A red envelope of ₱12.50 for the new member.
    await page.goto('/m/redRain');
    await page.getByRole('checkbox', { name: new RegExp(username) }).check();
    await page.getByLabel(text('agent.rain.amount')).fill('12.50');
    await page.getByRole('button', { name: text('agent.rain.review') }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('₱12.50');
    await dialog.getByRole('button', { name: text('agent.rain.send') }).click();
    await expect(page.getByText(text('agent.rain.done', { count: 1, total: '₱12.50' }))).toBeVisible();
    await expect(page.getByText(text('agent.rain.balance', { amount: '₱87.50' }))).toBeVisible();

    // Team management: the member at level 1 with the money; the team's transactions: the red envelope.
    await page.goto('/m/member/team');
    const row = page.getByRole('list', { name: text('agent.members.list') }).getByRole('listitem').filter({ hasText: username });
    await expect(row).toContainText(text('agent.level', { level: 1 }));
    await expect(row).toContainText('₱12.50');
    await page.goto('/m/agent/team/transactions');
    const movement = page.getByRole('list', { name: text('agent.transactions.list') }).getByRole('listitem').filter({ hasText: username });
    await expect(movement).toContainText(text('money.kind.agentTransfer'));
    await expect(movement).toContainText('+₱12.50');
  });

  test('the demo agent sees its populated team on the home screen, the overview and the profit and loss', async ({ page, baseURL }) => {
    const session = await logIn(baseURL!, { username: demoAccounts.agent.username, password: demoAccounts.agent.password });
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, session);
    await page.goto('/m/agent/team/overview');
    await page.getByRole('button', { name: text('agent.range.last7') }).click();
    const size = page.getByText(text('agent.kpi.teamSize'), { exact: true }).locator('xpath=following-sibling::dd');
    await expect.poll(async () => Number((await size.textContent()) ?? 0)).toBeGreaterThan(10);
    await expect(page.getByText(text('agent.kpi.agents'), { exact: true }).locator('xpath=following-sibling::dd')).not.toHaveText('0');

    await page.goto('/m/agent/team/pnl?types=D');
    const days = page.getByRole('list', { name: text('agent.pnl.days') }).getByRole('listitem');
    await expect.poll(() => days.count()).toBeGreaterThan(1);
    await expect(page.getByRole('img', { name: /^The team result per day/ })).toBeVisible();
    await page.getByRole('button', { name: text('agent.pnl.members') }).click();
    await expect(page).toHaveURL(/types=M/);
    await expect(page.getByRole('list', { name: text('agent.pnl.members') }).getByRole('listitem').first()).toContainText(/Level \d/);

    // Team betting lists the team's bets, each with whose it is.
    await page.goto('/m/teamBetting');
    await expect(page.getByRole('list', { name: text('agent.bets.list') }).getByRole('listitem').first()).toContainText(/Level \d/);
  });
});
