/**
 * The security center in a real browser, end to end: a member remembered on
 * another phone opens it on this one, sets the withdrawal password (a short
 * one refused first), answers two security questions, adds a bank card and
 * removes it after confirmation, then signs out elsewhere, after which the
 * phone's remembered login no longer works; each change is read back from
 * the API, and the operator's command line checks a security answer.
 */
import { deviceLoginEndpoint, loginEndpoint } from '../../contract/session.ts';
import { customerSecurityQuestionsEndpoint, securityConfigEndpoint } from '../../contract/security.ts';
import { bankCardsEndpoint } from '../../contract/wallet.ts';
import { createApiClient } from '../../src/api/client.ts';
import { createSealer } from '../../contract/sealed.ts';
import { fetchFrom } from './client-address.ts';
import { registerMember } from './identity-support.ts';
import { freshAccountNumber, memberCall } from './money-support.ts';
import { admin, expect, giveSession, logIn, test, text } from './support.ts';

test.describe('security center', () => {
  test('a member sets the withdrawal password and security questions, adds and removes a card, and signs a remembered phone out', async ({ page, baseURL }) => {
    const account = await registerMember(baseURL!, 'sec');
    // The phone logs in first with "remember me"; this browser's login then ends the phone's
    // web session (one at a time) but not its remembered device.
    const phoneId = `e2e-phone-${account.username}`;
    const phoneCall = createApiClient({ baseURL, headers: () => ({ merchant: 'DEMO', language: 'EN', deviceId: phoneId }), fetch: fetchFrom() });
    const phone = { call: phoneCall, sealer: createSealer(phoneCall) };
    const phoneLogin = await phone.sealer.call(loginEndpoint, { type: 'username', username: account.username, password: account.password, remember: true });
    expect(phoneLogin.deviceToken).toBeTruthy();
    const session = await logIn(baseURL!, account);
    const call = memberCall(baseURL!, session);
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, session);
    await page.goto('/m/securityCenter');

    // Withdrawal password: 5 digits are refused in words and nothing is sent; 6 are saved.
    const secrets = page.getByRole('region', { name: text('security.section.signIn') });
    await secrets.getByRole('button', { name: new RegExp(text('security.pin.title')) }).click();
    let sheet = page.getByRole('dialog', { name: text('security.pin.setTitle') });
    await sheet.getByLabel(text('security.pin.new'), { exact: true }).fill('24680');
    await sheet.getByLabel(text('security.pin.confirm'), { exact: true }).fill('24680');
    await sheet.getByRole('button', { name: text('security.pin.save') }).click();
    await expect(sheet.getByText(text('money.password.format'))).toBeVisible();
    await sheet.getByLabel(text('security.pin.new'), { exact: true }).fill('246801');
    await sheet.getByLabel(text('security.pin.confirm'), { exact: true }).fill('246801');
    await sheet.getByRole('button', { name: text('security.pin.save') }).click();
    await expect(sheet.getByRole('status')).toHaveText(text('security.pin.saved'));
    await expect(sheet).toBeHidden();
    await expect(secrets.getByRole('button', { name: new RegExp(text('security.pin.title')) })).toContainText(text('security.isSet'));

    // Security questions, confirmed with the login password.
    await secrets.getByRole('button', { name: new RegExp(text('security.questions.title')) }).click();
    sheet = page.getByRole('dialog', { name: text('security.questions.title') });
    await sheet.getByLabel(text('security.questions.question', { number: 2 }), { exact: true }).selectOption('firstCar');
    await sheet.getByLabel(text('security.questions.answer', { number: 1 }), { exact: true }).fill('Rex');
    await sheet.getByLabel(text('security.questions.answer', { number: 2 }), { exact: true }).fill('Jeepney');
    await sheet.getByLabel(text('security.loginPassword.label'), { exact: true }).fill(account.password);
    await sheet.getByRole('button', { name: text('security.questions.save') }).click();
    await expect(sheet.getByRole('status')).toHaveText(text('security.questions.saved'));
    await expect(sheet).toBeHidden();
    expect(await call(securityConfigEndpoint)).toMatchObject({ hasWithdrawalPassword: true, questionIds: ['firstPet', 'firstCar'] });
    expect(await call(customerSecurityQuestionsEndpoint)).toEqual({ questionIds: ['firstPet', 'firstCar'] });
    expect(await admin('members', 'answer-check', account.username, 'firstCar', ' jeepney ')).toMatch(/match/i);

    // A bank card: added (shown masked), then removed after confirmation.
    const cards = page.getByRole('region', { name: new RegExp(text('security.cards.title')) });
    const number = freshAccountNumber();
    await cards.getByRole('button', { name: text('security.cards.add') }).click();
    sheet = page.getByRole('dialog', { name: text('money.card.title') });
    await sheet.getByLabel(text('money.card.accountName'), { exact: true }).fill('Alex Cruz');
    await sheet.getByLabel(text('money.card.accountNumber'), { exact: true }).fill(number);
    await sheet.getByRole('button', { name: text('money.card.submit') }).click();
    await expect(cards.getByRole('status')).toHaveText(text('security.cards.added'));
    const masked = `**** ${number.slice(-4)}`;
    await expect(cards.getByText(masked)).toBeVisible();
    await cards.getByRole('button', { name: new RegExp(`${text('security.cards.remove')} .*${number.slice(-4)}`) }).click();
    await page.getByRole('alertdialog', { name: text('security.cards.removeTitle') }).getByRole('button', { name: text('security.cards.remove') }).click();
    await expect(cards.getByText(masked)).toBeHidden();
    expect(await call(bankCardsEndpoint)).toEqual([]);

    // The remembered phone is listed; signing out elsewhere ends it.
    const devices = page.getByRole('region', { name: text('security.sessions.title') });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await devices.getByRole('button', { name: text('security.sessions.signOutElsewhere') }).click();
    await page.getByRole('alertdialog', { name: text('security.sessions.confirmTitle') }).getByRole('button', { name: text('security.sessions.signOutElsewhere') }).click();
    await expect(devices.getByRole('status')).toHaveText(text('security.sessions.signedOut', { count: 1 }));
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByText(text('security.sessions.current'), { exact: true })).toBeVisible();
    await expect(phone.call(deviceLoginEndpoint, { body: { deviceToken: phoneLogin.deviceToken! } })).rejects.toMatchObject({ errorCode: 'session.device.invalid' });
    // This browser is still signed in.
    await page.reload();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
  });
});
