/**
 * Social login in a real browser through the local identity provider
 * (server/idp: real OpenID Connect providers on 127.0.0.1, started by the
 * server): a guest continues with Google from the login screen, signs in on
 * the provider's page and lands home signed in, with the Google account in
 * the security center's linked accounts; a cancel at the provider comes
 * back to a message and the way back to the login; a member links a
 * Facebook account from the security center, and that account then signs
 * the member in.
 */
import { localIdpAccounts } from '../../server/idp/local-idp-accounts.ts';
import { freshMember } from './money-support.ts';
import { expect, giveSession, test, text } from './support.ts';

const ana = localIdpAccounts.google[0]!;
const mia = localIdpAccounts.facebook[1]!;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
});

/** Signs in on the local provider's page. */
async function signInAtProvider(page: import('@playwright/test').Page, account: { email: string; password: string }) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\(local\)$/);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a guest continues with Google, signs in at the provider and lands home signed in, the account linked', async ({ page }) => {
  await page.goto('/m/login');
  const social = page.getByRole('region', { name: text('identity.social.title') });
  await expect(social.getByRole('button')).toHaveText([/Continue with Google/, /Continue with Facebook/]);
  await social.getByRole('button', { name: /Google/ }).click();
  await signInAtProvider(page, ana);
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(page.getByRole('banner').getByRole('button', { name: text('header.logout') })).toBeVisible();

  await page.goto('/m/securityCenter');
  const linked = page.getByRole('region', { name: text('identity.social.linkedTitle') });
  await expect(linked).toContainText(`Google linked (${ana.email})`);
  await expect(linked.getByRole('button', { name: /Link Facebook/ })).toBeVisible();
});

test('a cancel at the provider comes back to the site with its message and the way back to the login', async ({ page }) => {
  await page.goto('/m/login');
  await page.getByRole('region', { name: text('identity.social.title') }).getByRole('button', { name: /Facebook/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Facebook (local)');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/m\/social\?error=cancelled$/);
  await expect(page.getByRole('alert')).toContainText(text('identity.social.error.cancelled'));
  await page.getByRole('button', { name: text('identity.social.back') }).click();
  await expect(page).toHaveURL(/\/m\/login$/);
});

test('a member links a Facebook account in the security center; that account then signs the member in', async ({ page, baseURL, context }) => {
  const member = await freshMember(baseURL!, 'soc');
  await giveSession(page, member.session);
  await page.goto('/m/securityCenter');
  await page.getByRole('region', { name: text('identity.social.linkedTitle') }).getByRole('button', { name: /Link Facebook/ }).click();
  await signInAtProvider(page, mia);
  // The header's balance is a status too, once it has loaded.
  await expect(page.getByRole('main').getByRole('status')).toHaveText(text('identity.social.linkedDone', { provider: 'Facebook' }));
  await expect(page).toHaveURL(/\/m\/securityCenter$/);
  await expect(page.getByRole('region', { name: text('identity.social.linkedTitle') })).toContainText(`Facebook linked (${mia.email})`);

  // Another browser: Facebook at the login screen opens this member's account.
  const other = await context.browser()!.newContext({ baseURL: baseURL! });
  try {
    const second = await other.newPage();
    await second.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await second.goto('/m/login');
    await second.getByRole('region', { name: text('identity.social.title') }).getByRole('button', { name: /Facebook/ }).click();
    await signInAtProvider(second, mia);
    await expect(second).toHaveURL(/\/m\/home$/);
    await second.goto('/m/member/home');
    await expect(second.getByRole('main')).toContainText(member.username);
  } finally {
    await other.close();
  }
});
