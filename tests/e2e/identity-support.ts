/**
 * Helpers of the identity end-to-end suites: reading SMS and e-mail codes
 * and captcha answers through the server's test switch (DEV_ENDPOINTS, set by
 * playwright.config.ts, loopback only), and calling the real API from Node
 * (the same client and sealer as the SPA).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { createApiClient } from '../../src/api/client.ts';
import { createSealer } from '../../contract/sealed.ts';
import { registerEndpoint, registerMobileEndpoint } from '../../contract/member.ts';
import { loginEndpoint } from '../../contract/session.ts';
import { captchaEndpoint, smsRegisterEndpoint } from '../../contract/verification.ts';
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
  const origin = new URL(page.url()).origin;
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await fetch(`${origin}/wps/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Merchant: 'DEMO' } });
      const body = (await response.json()) as { value: { messages: { body: string; createdAt: string }[] } };
      const newest = body.value.messages.find((m) => Date.parse(m.createdAt) >= after);
      code = newest?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

// ------------------------------------------------------------------ API from Node

/**
 * The addresses the identity suites act from (sent as X-Forwarded-For; the e2e
 * server trusts its loopback proxy), one per suite, and one for the test that
 * fails logins on purpose: failed logins make the server ask that address for
 * a captcha, never another suite's, nor 127.0.0.1, which the other suites use.
 */
export const clientAddresses = {
  /** identity-paths.spec.ts: its captcha paths need the captcha asked for from the start. */
  paths: '198.51.100.23',
  /** identity.spec.ts: logins without a captcha, as for any new visitor. */
  identity: '198.51.100.24',
  /** identity.spec.ts's three failed logins. */
  failures: '198.51.100.25',
  /** identity-paths.spec.ts's reset path whose login after the reset goes through (no captcha asked). */
  resetLogin: '198.51.100.26',
  /** The money and game-list browser paths (tests/e2e/paths): their trial accounts (50 an hour per address). */
  moneyPaths: '198.51.100.27',
} as const;
export const clientHeaders = (address: string) => ({ 'x-forwarded-for': address });

/** A client of the server under test from one of the identity suites' addresses, with its own device id. */
export function nodeClient(baseURL: string, address: string = clientAddresses.identity) {
  const call = createApiClient({
    baseURL,
    headers: () => ({ merchant: 'DEMO', deviceId: `e2e-${Math.random().toString(36).slice(2)}` }),
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(clientHeaders(address))) headers.set(name, value);
      return fetch(input, { ...init, headers });
    },
  });
  return { call, sealer: createSealer(call) };
}

/**
 * Failed logins for a throwaway account until the server asks this client
 * address for a captcha, as it does after 3 failures in an hour: from then on
 * every login from it needs the captcha.
 */
export async function flagClientAddress(baseURL: string, address: string) {
  const { sealer } = nodeClient(baseURL, address);
  for (let i = 0; i < 3; i++) {
    await sealer.call(loginEndpoint, { type: 'username', username: 'nobody_e2e', password: 'Wrong#2026x' }).catch(() => undefined);
  }
}

// ------------------------------------------------------------------ accounts

let counter = 0;
/** A fresh username (the rule: a letter, then 3 to 15 letters, digits or _). */
export const freshUsername = (prefix = 'e2e') => `${prefix}${Date.now().toString(36).slice(-6)}${(counter++).toString(36)}`;
/** A fresh Philippine mobile number (10 digits starting with 9). */
export const freshMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
export const dialingCode = '+63';

/** The newest code the outbox holds for a recipient, read from Node. */
async function outboxCode(baseURL: string, to: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${baseURL}/wps/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { Merchant: 'DEMO' } });
    const body = (await response.json()) as { value: { messages: { body: string }[] } };
    const code = body.value.messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${to}`);
}

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
  // This address may already be asked for a captcha (failed logins of the identity suites): always answer one.
  return sealer.call(loginEndpoint, { type: 'username', username, password, ...(await solvedCaptcha(baseURL, call)) });
}

/**
 * A new account registered through the API (username method, captcha read
 * from its image): for tests that must start from an empty wallet and record.
 */
export async function registerMember(baseURL: string, prefix: string): Promise<{ username: string; password: string }> {
  const call = createApiClient({ baseURL, headers: () => ({ merchant: 'DEMO', language: 'EN' }), isOnline: () => true });
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(0, 16);
  const password = 'Member#2026';
  await createSealer(call).call(registerEndpoint, {
    username,
    password,
    confirmPassword: password,
    ...(await solvedCaptcha(baseURL, call)),
    type: 0,
  });
  return { username, password };
}

type ApiCall = ReturnType<typeof createApiClient>;
