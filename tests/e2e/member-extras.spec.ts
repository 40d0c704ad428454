/**
 * The member area's newer screens in a real browser, end to end: a member's
 * referral link opens the sign-up form with the referrer filled in, and the
 * friend who signs up with it shows on invite friends, masked; the member
 * sends the ID's two sides to the KYC center and the operator's approval
 * shows; player1 redeems a reward in the reward center, and the bonus shows
 * in the bonus details of the profit record.
 */
import { referralSummaryEndpoint } from '../../contract/referral.ts';
import { walletEndpoint } from '../../contract/wallet.ts';
import { registerMember } from './identity-support.ts';
import { tinyPng } from './images.ts';
import { memberCall } from './money-support.ts';
import { admin, expect, giveSession, logIn, test, text } from './support.ts';

test.describe('member area', () => {
  test('a friend signs up with the referral link and shows on invite friends; the ID is sent and the operator approves it', async ({ page, browser, baseURL }) => {
    const account = await registerMember(baseURL!, 'ref');
    const session = await logIn(baseURL!, account);
    const { code } = await memberCall(baseURL!, session)(referralSummaryEndpoint);
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, session);
    await page.goto('/m/inviteFriends');

    const panel = page.getByRole('region', { name: text('referral.code') });
    await expect(panel.getByText(code, { exact: true })).toBeVisible();
    await expect(panel.getByRole('img', { name: text('referral.qr') })).toBeVisible();
    const link = (await panel.getByText(/recommenderId=/).textContent())!;
    expect(new URL(link).pathname + new URL(link).search).toBe(`/m/register?recommenderId=${code}`);
    await expect(page.getByRole('list', { name: text('referral.friends') })).toHaveCount(0);
    await expect(page.getByText(text('referral.none'))).toBeVisible();

    // The link opens the sign-up form with the referrer in it (a visitor with no session).
    const visitor = await browser.newContext({ baseURL });
    const signUp = await visitor.newPage();
    await signUp.goto(link);
    await expect(signUp.getByRole('textbox', { name: new RegExp(`^${text('identity.field.recommenderId')}`) })).toHaveValue(code);
    await visitor.close();

    // A friend signs up with it: the member sees the friend, masked, as signed up.
    const friend = await registerMember(baseURL!, 'frd', { recommenderId: code });
    await page.reload();
    const friends = page.getByRole('list', { name: text('referral.friends') });
    const masked = `${friend.username.slice(0, 2)}***${friend.username.slice(-1)}`;
    await expect(friends.getByRole('listitem')).toHaveCount(1);
    await expect(friends.getByRole('listitem')).toContainText(masked);
    await expect(friends.getByRole('listitem')).toContainText(text('referral.status.registered'));
    await expect(friends).not.toContainText(friend.username);

    // The KYC center: one side alone is refused in words; both are sent and wait for the operator.
    await page.goto('/m/member/kyc');
    await expect(page.getByRole('heading', { name: text('kyc.status.none') })).toBeVisible();
    const png = { name: 'id.png', mimeType: 'image/png', buffer: tinyPng() };
    await page.getByLabel(text('kyc.choose', { side: text('kyc.front') })).setInputFiles(png);
    await page.getByRole('button', { name: text('kyc.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('error.kyc.images.required'));
    await page.getByLabel(text('kyc.choose', { side: text('kyc.back') })).setInputFiles(png);
    await expect(page.getByRole('img', { name: text('kyc.back') })).toBeVisible();
    await page.getByRole('button', { name: text('kyc.submit') }).click();
    await expect(page.getByRole('heading', { name: text('kyc.status.pending') })).toBeVisible();
    expect(await admin('kyc', 'list', '--status', 'pending')).toContain(account.username);
    await admin('kyc', 'approve', account.username);
    await page.reload();
    await expect(page.getByRole('heading', { name: text('kyc.status.approved') })).toBeVisible();
    await expect(page.getByRole('button', { name: text('kyc.submit') })).toHaveCount(0);
  });

  test('player1 redeems a reward; the wallet gets its bonus once, and the bonus details show it', async ({ page, baseURL }) => {
    const session = await logIn(baseURL!, { username: 'player1', password: 'Player#2026' });
    const call = memberCall(baseURL!, session);
    const before = (await call(walletEndpoint)).sumBalance;
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, session);
    await page.goto('/m/mall/mallHome');

    const available = page.getByTestId('mall-available');
    await expect(available).not.toBeEmpty();
    const pointsBefore = Number((await available.textContent())!.replace(/\D/g, ''));
    const rewards = page.getByRole('region', { name: text('loyalty.mall.rewards') });
    const name = text('loyalty.item.bronzeBonus');
    await rewards.getByRole('button', { name: text('loyalty.mall.redeemLabel', { name }) }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: text('loyalty.mall.redeem') }).click();
    const redeemed = text('loyalty.mall.redeemed', { amount: '₱' }).split('₱')[0]!;
    await expect(page.getByRole('status').filter({ hasText: redeemed })).toBeVisible();
    const pointsAfter = Number((await available.textContent())!.replace(/\D/g, ''));
    expect(pointsAfter).toBeLessThan(pointsBefore);
    const after = (await call(walletEndpoint)).sumBalance;
    expect(after).toBeGreaterThan(before);

    // The bonus details (the profit record's second view) list it first, with its name and amount.
    await page.goto('/m/transaction/profit?types=O');
    const first = page.getByRole('list', { name: text('money.records.list') }).getByRole('listitem').first();
    await expect(first).toContainText(name);
    await expect(first).toContainText(text('money.bonus.mall'));
    await expect(first).toContainText(`+₱${((after - before) / 100).toFixed(2)}`);
  });
});
