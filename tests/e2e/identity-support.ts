/**
 * Helpers of the identity end-to-end suites: reading SMS and e-mail codes
 * and captcha answers through the server's test switch (DEV_ENDPOINTS, set by
 * playwright.config.ts, loopback only), and calling the real API from Node
 * (the same client and sealer as the SPA).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createApiClient } from '../../src/api/client.ts';
import { createSealer } from '../../contract/sealed.ts';
import { registerEndpoint, registerMobileEndpoint } from '../../contract/member.ts';
import { loginEndpoint } from '../../contract/session.ts';
import { captchaEndpoint, smsRegisterEndpoint } from '../../contract/verification.ts';
import { clientAddress, fetchFrom } from './client-address.ts';
import { text } from './support.ts';

// ------------------------------------------------------------------ captcha

/**
 * The answer of a live captcha, from the server's test switch (DEV_ENDPOINTS,
 * set by playwright.config.ts; loopback only): no program reads the image
 * itself (server/modules/verification/captcha-image.ts).
 */
export async function captchaAnswer(baseURL: string, captchaId: string): Promise<string> {
  const response = await fetch(`${baseURL}/wps/dev/captcha?captchaId=${encodeURIComponent(captchaId)}`, { headers: { Merchant: 'DEMO' } });
  const body = (await response.json()) as { value?: { answer: string | null } };
  const answer = body.value?.answer;
  if (!answer) throw new Error(`no answer for captcha ${captchaId} (${response.status})`);
  return answer;
}

/** A fresh captcha with its answer, for calls from Node. */
export async function solvedCaptcha(baseURL: string, call: ApiCall): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId } = await call(captchaEndpoint);
  return { captchaId, captcha: await captchaAnswer(baseURL, captchaId) };
}

/** The captcha button of a form (image inside). */
export const captchaButton = (page: Page) => page.getByRole('button', { name: text('identity.captcha.refresh') });

/** Fills the captcha field with the answer of the captcha shown (its id is on the button). */
export async function solveCaptcha(page: Page, scope: Page | Locator = page) {
  const button = scope.getByRole('button', { name: text('identity.captcha.refresh') });
  await expect(button.locator('img')).toBeVisible();
  const id = await button.getAttribute('data-captcha-id');
  const origin = new URL(page.url()).origin;
  await scope.getByLabel(text('identity.field.captcha'), { exact: true }).fill(await captchaAnswer(origin, id ?? ''));
}

/**
 * Taps "Get code" and passes the human check that comes first: the captcha in
 * the check's panel answered, then "Send code".
 */
export async function requestSmsCode(page: Page) {
  await page.getByRole('button', { name: text('identity.sms.send') }).click();
  const check = page.getByRole('group', { name: text('identity.sms.check') });
  await solveCaptcha(page, check);
  await check.getByRole('button', { name: text('identity.sms.checkSubmit') }).click();
  await expect(check).toBeHidden();
}

// ------------------------------------------------------------------ outbox

/**
 * The newest 6-digit code the outbox holds (test switch) for a recipient
 * (`+63...` or an e-mail address), newer than `after`. Asked with Node's
 * fetch, not the page's request context: that one carries the page's
 * X-Forwarded-For, and the switch answers direct loopback requests only.
 */
export async function readCode(page: Page, to: string, after = 0): Promise<string> {
  return outboxCode(new URL(page.url()).origin, to, after);
}

/** The newest code the outbox holds for a recipient, newer than `after`, asked from Node (see readCode). */
async function outboxCode(origin: string, to: string, after = 0): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await fetch(`${origin}/wps/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Merchant: 'DEMO' } });
      const body = (await response.json()) as { value: { messages: { body: string; createdAt: string }[] } };
      const newest = body.value.messages.find((m) => Date.parse(m.createdAt) >= after);
      code = newest?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
      return code;
    }, { message: `a code sent to ${to}` })
    .not.toBeNull();
  return code!;
}

// ------------------------------------------------------------------ API from Node

/** A client of the server under test from the test's client address (or the one given), with its own device id. */
export function nodeClient(baseURL: string, address: string = clientAddress()) {
  const call = createApiClient({
    baseURL,
    headers: () => ({ merchant: 'DEMO', language: 'EN', deviceId: `e2e-${Math.random().toString(36).slice(2)}` }),
    fetch: fetchFrom(address),
  });
  return { call, sealer: createSealer(call) };
}

/**
 * Failed logins for a throwaway account until the server asks this client
 * address (the test's own unless given) for a captcha, as it does after 3
 * failures in an hour: from then on every login from it needs the captcha.
 * It stops when a failure's answer says so.
 */
export async function flagClientAddress(baseURL: string, address: string = clientAddress()) {
  const { sealer } = nodeClient(baseURL, address);
  // An account of this call's own: the server counts failures per account too, and a
  // shared one, flagged already, would answer "captcha" before this address is.
  const username = freshUsername('nobody');
  for (let attempt = 1; attempt <= 6; attempt++) {
    const failure = await sealer
      .call(loginEndpoint, { type: 'username', username, password: 'Wrong#2026x' })
      .then(() => null, (error: unknown) => error as { errorCode?: string; value?: { captchaRequired?: boolean } });
    if (failure?.errorCode === 'captcha.required' || failure?.value?.captchaRequired === true) return;
  }
  throw new Error(`the server never asked ${address} for a captcha`);
}

// ------------------------------------------------------------------ accounts

let counter = 0;
/**
 * A username no other test of the run takes (the rule: a letter, then 3 to 15
 * letters, digits or _): the worker, the time and a count of the worker's own.
 */
export const freshUsername = (prefix = 'e2e') =>
  `${prefix.slice(0, 5)}${(test.info().workerIndex % 36).toString(36)}${Date.now().toString(36).slice(-5)}${(counter++ % 1296).toString(36)}`;
/** A fresh Philippine mobile number (10 digits starting with 9). */
export const freshMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
export const dialingCode = '+63';

/** Registers a member by mobile number through the API (SMS code from the outbox, captcha read); returns the number, password and user name. */
export async function registerMobileMember(baseURL: string, password = 'Reset#2026') {
  const { call, sealer } = nodeClient(baseURL);
  const mobile = freshMobile();
  await call(smsRegisterEndpoint, { body: { mobileNum: mobile, countryDialingCode: dialingCode, ...(await solvedCaptcha(baseURL, call)) } });
  const verificationCode = await outboxCode(baseURL, `${dialingCode}${mobile}`);
  const { userName } = await sealer.call(registerMobileEndpoint, {
    mobileNum: mobile,
    countryDialingCode: dialingCode,
    verificationCode,
    password,
    confirmPassword: password,
    ...(await solvedCaptcha(baseURL, call)),
    type: 0,
  });
  return { mobile, password, userName };
}

/**
 * Logs an account in from another device (a Node client with its own device
 * id): the server then ends the account's other web sessions (login.not.session).
 */
export async function loginElsewhere(baseURL: string, username: string, password: string) {
  const { call, sealer } = nodeClient(baseURL);
  // The test's address may be asked for a captcha (a test that fails logins on purpose): always answer one.
  return sealer.call(loginEndpoint, { type: 'username', username, password, ...(await solvedCaptcha(baseURL, call)) });
}

/**
 * A new account registered through the API (username method, captcha read
 * from its image): for tests that must start from an empty wallet and record.
 */
export async function registerMember(baseURL: string, prefix: string, extra: { recommenderId?: string } = {}): Promise<{ username: string; password: string }> {
  const { call } = nodeClient(baseURL);
  const username = freshUsername(prefix);
  const password = 'Member#2026';
  await createSealer(call).call(registerEndpoint, {
    username,
    password,
    confirmPassword: password,
    ...(await solvedCaptcha(baseURL, call)),
    ...extra,
    type: 0,
  });
  return { username, password };
}

type ApiCall = ReturnType<typeof createApiClient>;
