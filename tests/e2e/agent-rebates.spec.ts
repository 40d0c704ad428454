/**
 * Rebate settings in a real browser, end to end: the operator gives a new
 * agent a slots (RNG) rebate rate of 1.50 %; the agent opens rebate settings,
 * is refused on the field when it sets a direct member's slots rate above its
 * own (and nothing reaches the server), then sets one within it and sees it
 * saved, on the row and after a reload.
 */
import { openAccountEndpoint } from '../../contract/agent.ts';
import { createSealer } from '../../contract/sealed.ts';
import { freshUsername } from './identity-support.ts';
import { freshAgent } from './money-support.ts';
import { admin, expect, giveSession, test, text } from './support.ts';

test.describe('agent rebates', () => {
  test("an agent sets a direct member's slots rate: refused above its own, saved within it", async ({ page, baseURL }) => {
    const agent = await freshAgent(baseURL!, 'rbt');
    await admin('rebates', 'set', agent.username, 'RNG', '1.5');
    const member = freshUsername('rbm');
    await createSealer(agent.call).call(openAccountEndpoint, { kind: 'member', username: member, password: 'Member#2026', confirmPassword: 'Member#2026' });

    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/wps/agent/rebates') updates.push(request.postData() ?? '');
    });
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, agent.session);
    await page.goto('/m/agent');
    await page.getByRole('region', { name: text('agent.menu') }).getByRole('link', { name: text('title.memberAgentAgentRebeat') }).click();

    const own = page.getByRole('table', { name: text('agent.rebate.own') });
    await expect(own.getByRole('row', { name: `${text('lobby.category.RNG')} 1.50%` })).toBeVisible();
    const slotsOf = (account: string) =>
      page.getByLabel(text('agent.rebate.form.title', { account }), { exact: true }).and(page.locator('dl')).getByText(text('lobby.category.RNG'), { exact: true }).locator('xpath=following-sibling::dd');
    await expect(slotsOf(member)).toHaveText('0.00%');

    // Above its own rate: refused on the field, nothing sent.
    await page.getByRole('button', { name: text('agent.rebate.edit', { account: member }) }).click();
    const form = page.getByRole('dialog', { name: text('agent.rebate.form.title', { account: member }) });
    const slots = form.getByLabel(text('lobby.category.RNG'), { exact: true });
    await slots.fill('1.75');
    await form.getByRole('button', { name: text('agent.rebate.save') }).click();
    await expect(slots).toHaveAttribute('aria-invalid', 'true');
    await expect(slots).toBeFocused();
    await expect(form.getByText(text('agent.rebate.rate.above', { rate: '1.50%' }))).toBeVisible();
    expect(updates).toEqual([]);

    // Within it: saved, on the row and on the server.
    await slots.fill('1.25');
    await form.getByRole('button', { name: text('agent.rebate.save') }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(text('agent.rebate.saved', { account: member }))).toBeVisible();
    await expect(slotsOf(member)).toHaveText('1.25%');
    expect(updates.map((body) => JSON.parse(body))).toEqual([{ memberId: expect.any(Number), rates: [{ gameType: 'RNG', rateBps: 125 }] }]);
    await page.reload();
    await expect(slotsOf(member)).toHaveText('1.25%');
  });
});
