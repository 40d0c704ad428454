/**
 * Agent contracts in a real browser, end to end: a new agent offers a daily
 * salary contract, on the contract screen, to a member of its direct
 * downline; the member logs in and the home prompts "daily salary agreement
 * required"; "go" opens the salary contract screen, where the member accepts
 * it (after a confirm) and sees it active; the agent's screen then shows it
 * active, with "end" in place of "withdraw".
 */
import { openAccountEndpoint } from '../../contract/agent.ts';
import { createSealer } from '../../contract/sealed.ts';
import { freshUsername } from './identity-support.ts';
import { freshAgent } from './money-support.ts';
import { expect, giveSession, logIn, test, text } from './support.ts';

test.describe('agent contracts', () => {
  test('an agent offers a daily salary contract; its member is prompted on the home, accepts it, and both see it active', async ({ page, baseURL }) => {
    const agent = await freshAgent(baseURL!, 'ctr');
    const member = freshUsername('ctm');
    await createSealer(agent.call).call(openAccountEndpoint, { kind: 'member', username: member, password: 'Member#2026', confirmPassword: 'Member#2026' });
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));

    // The agent offers: turnover ₱1,000 -> ₱50 a day, ₱5,000 -> ₱300 a day.
    await giveSession(page, agent.session);
    await page.goto('/m/member/agent/getSalaryContract');
    const form = page.getByRole('region', { name: text('agent.contract.offer.title') });
    await form.getByLabel(text('agent.contract.offer.account')).fill(member);
    const tier = (n: number) => form.getByRole('group', { name: new RegExp(`^${text('agent.contract.offer.tier', { n })}`) });
    await tier(1).getByLabel(text('agent.contract.tier.turnover')).fill('1000');
    await tier(1).getByLabel(text('agent.contract.tier.perDay')).fill('50');
    await form.getByRole('button', { name: text('agent.contract.offer.addTier') }).click();
    await tier(2).getByLabel(text('agent.contract.tier.turnover')).fill('5000');
    await tier(2).getByLabel(text('agent.contract.tier.perDay')).fill('300');
    await form.getByRole('button', { name: text('agent.contract.offer.send') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('agent.contract.notice.offered') })).toBeVisible();
    const offered = page.getByRole('article', { name: text('agent.contract.to', { account: member }) });
    await expect(offered).toContainText(text('agent.contract.status.pending'));

    // The member logs in: the home asks about the proposal; "go" opens the salary contract screen.
    const session = await logIn(baseURL!, { username: member, password: 'Member#2026' });
    await giveSession(page, session);
    await page.goto('/m/home');
    const prompt = page.getByRole('alertdialog', { name: text('agent.contract.prompt.title') });
    await expect(prompt).toContainText(text('agent.contract.prompt.salary'));
    await prompt.getByRole('button', { name: text('agent.contract.prompt.go') }).click();
    await expect(page).toHaveURL(/\/m\/member\/agent\/getSalaryContract$/);

    // It accepts, after a confirm, and sees the contract active with its tiers.
    const proposal = page.getByRole('article', { name: text('agent.contract.from', { account: agent.username }) });
    await expect(proposal.getByRole('row')).toHaveText([
      `${text('agent.contract.tier.turnover')}${text('agent.contract.tier.perDay')}`,
      '₱1,000.00₱50.00',
      '₱5,000.00₱300.00',
    ]);
    await proposal.getByRole('button', { name: text('agent.contract.accept') }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(text('agent.contract.confirm.accept', { account: agent.username }));
    await confirm.getByRole('button', { name: text('agent.contract.accept') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('agent.contract.notice.accept') })).toBeVisible();
    await expect(proposal).toContainText(text('agent.contract.status.active'));
    await expect(proposal.getByRole('button')).toHaveCount(0);

    // Back on the home: nothing awaits the member any more.
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/wps/agent/contracts/requests');
    await page.goto('/m/home');
    expect((await (await asked).json()).value).toEqual({ dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    // The agent's screen: active, to end rather than withdraw.
    await giveSession(page, agent.session);
    await page.goto('/m/member/agent/getSalaryContract');
    await expect(offered).toContainText(text('agent.contract.status.active'));
    await expect(offered.getByRole('button', { name: text('agent.contract.end') })).toBeVisible();
  });
});
