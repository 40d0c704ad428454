/**
 * The login, registration and password-reset statecharts replayed in real
 * Chromium. Paths come from each machine's graph (xstate/graph through
 * machines/test/coverage.ts), restricted to events a person can cause through
 * the screen (tabs, checkboxes, submits with given values, captcha taps) and
 * to the server's answers those inputs bring. Each path is replayed on a fresh
 * page, asserting after every step what the machine's snapshot says the user
 * sees.
 *
 * The run starts by failing three logins from this address, so the server asks
 * every later login for the captcha (3 failures an hour per address): the
 * model offers only captcha-flagged login failures, as the real server gives.
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { identityMessages } from '../../machines/identity-types.ts';
import { loginMachine } from '../../machines/login.machine.ts';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import { registrationMachine } from '../../machines/registration.machine.ts';
import { coverageOf, describePath, eventsOf, generatePaths } from '../../machines/test/coverage.ts';
import { demoMerchant } from '../../server/seed/seed.ts';
import { registrationRules } from '../../server/modules/member/registration-rules.ts';
import { toScreenRules } from '../../src/app/registration-payload.ts';
import en from '../../contract/messages/en.json' with { type: 'json' };
import {
  captchaButton,
  dialingCode,
  flagClientAddress,
  freshMobile,
  freshUsername,
  clientAddresses,
  clientHeaders,
  readCode,
  requestSmsCode,
  registerMobileMember,
  solveCaptcha,
} from './identity-support.ts';
import { text } from './support.ts';

// This suite flags its own client address for the captcha, not the other suites' 127.0.0.1.
test.use({ extraHTTPHeaders: clientHeaders(clientAddresses.paths) });

// ------------------------------------------------------------------ paths from the graphs

interface Snap {
  value: unknown;
  context: Record<string, unknown>;
  status?: string;
}
interface UiStep {
  event: AnyEventObject;
  before: Snap;
  after: Snap;
}
interface UiPath {
  name: string;
  steps: UiStep[];
}

const json = (v: unknown) => JSON.stringify(v);
const tagOf = (event: AnyEventObject) => (typeof event.tag === 'string' ? `${event.type}:${event.tag}` : event.type);

/**
 * Replayable paths: generated from the graph, without steps that change
 * nothing and without answers the server would not give (`consistent`); then
 * a small set (greedy, most new transitions first, shorter first) that still
 * takes every transition of the definition those paths take.
 */
function uiPaths<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  events: AnyEventObject[],
  consistent: (step: UiStep, previous: UiStep[]) => boolean,
): UiPath[] {
  const [set] = generatePaths(machine, { inputs: [input as never], events });
  const candidates: Array<UiPath & { transitions: string[] }> = [];
  for (const path of set!.paths) {
    const raw = path.steps as unknown as Array<{ event: AnyEventObject; state: Snap }>;
    const steps: UiStep[] = raw.slice(1).map((step, i) => ({ event: step.event, before: raw[i]!.state, after: step.state }));
    const noop = steps.some((s) => json(s.before.value) === json(s.after.value) && json(s.before.context) === json(s.after.context));
    if (noop || !steps.every((s, i) => consistent(s, steps.slice(0, i)))) continue;
    const { transitions: all, missingTransitions } = coverageOf(machine, [{ input: input as never, paths: [path] }]);
    const transitions = all.filter((t) => !missingTransitions.includes(t));
    candidates.push({ name: describePath({ steps: raw }), steps, transitions });
  }
  const covered = new Set<string>();
  const chosen: UiPath[] = [];
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = candidate.transitions.filter((t) => !covered.has(t)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && candidate.steps.length < best.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) return chosen;
    chosen.push({ name: best.name, steps: best.steps });
    for (const t of best.transitions) covered.add(t);
  }
}

// ------------------------------------------------------------------ what the user sees

const messageOf = (id: string) => {
  const catalog = en as Record<string, string>;
  const own = catalog[id];
  return (own ?? catalog[`error.${id}`] ?? catalog['error.unknown']!).replace('{terms}', text('identity.register.terms'));
};
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const formAlert = (page: Page) => page.getByRole('main').getByRole('alert');

/** The form's alert: the machine's own message exactly; a server answer as some alert. */
async function expectAlert(page: Page, errorCode: unknown, ownIds: readonly string[]) {
  if (typeof errorCode !== 'string') {
    await expect(formAlert(page)).toHaveCount(0);
  } else if (ownIds.includes(errorCode)) {
    await expect(formAlert(page).filter({ hasText: messageOf(errorCode) })).toBeVisible();
  } else {
    await expect(formAlert(page).first()).toBeVisible();
  }
}

const ownIds = Object.values(identityMessages) as string[];

// The home screen's notice popup (once per browser session) is not part of these flows.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
});

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  await flagClientAddress(testInfo.project.use.baseURL!, clientAddresses.paths);
});

// ------------------------------------------------------------------ login

const loginAccount = { username: 'agent1', password: 'Agent#2026' };
const loginEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadRemembered', output: null },
  { type: 'method.change', method: 'sms' },
  { type: 'method.change', method: 'username' },
  { type: 'remember.toggle' },
  { type: 'form.submit', tag: 'empty', account: '', secret: '' },
  // A complete form: the driver types the right password when the path goes on with a success, else a wrong one.
  { type: 'form.submit', tag: 'complete', account: loginAccount.username, secret: loginAccount.password, captcha: '123456' },
  { type: 'xstate.error.actor.submitLogin', error: { errorCode: 'captcha.required', value: { captchaRequired: true } } },
  { type: 'xstate.done.actor.submitLogin', output: { token: 't', merchantCode: 'DEMO', userName: 'agent1', type: 1, firstTimeLogin: false } },
  { type: 'captcha.refresh' },
  { type: 'xstate.done.actor.loadCaptcha', output: { id: 'c', image: 'i' } },
];

const loginPaths = uiPaths(
  loginMachine,
  { smsEnabled: true },
  loginEvents,
  (step, previous) => {
    const last = previous.at(-1);
    const ctx = step.before.context;
    if (step.event.type === 'form.submit' && step.event.tag !== 'empty' && ctx.method !== 'username') return false;
    // Every login of the run needs the captcha: only a complete form sent with it can succeed.
    if (step.event.type === 'xstate.done.actor.submitLogin') return last?.before.context.captchaRequired === true;
    return true;
  },
);

async function driveLogin(page: Page, event: AnyEventObject, before: Snap, next: AnyEventObject | undefined) {
  switch (tagOf(event)) {
    case 'method.change':
      await page.getByRole('tab', { name: text(event.method === 'sms' ? 'identity.login.tabSms' : 'identity.login.tabUsername') }).click();
      return;
    case 'remember.toggle':
      await page.getByRole('checkbox', { name: text('identity.login.remember') }).click();
      return;
    case 'captcha.refresh': {
      const id = await captchaButton(page).getAttribute('data-captcha-id');
      await captchaButton(page).click();
      await expect(captchaButton(page)).not.toHaveAttribute('data-captcha-id', id ?? '');
      return;
    }
    case 'form.submit:empty':
      await page.getByRole('button', { name: text('identity.login.submit'), exact: true }).click();
      return;
    case 'form.submit:complete': {
      const right = next?.type === 'xstate.done.actor.submitLogin';
      await field(page, text('identity.field.username')).fill(right ? loginAccount.username : freshUsername('nobody'));
      await field(page, text('identity.field.password')).fill(right ? loginAccount.password : 'Wrong#2026');
      if (before.context.captchaRequired === true) await solveCaptcha(page);
      await page.getByRole('button', { name: text('identity.login.submit'), exact: true }).click();
      return;
    }
    default:
      // The answers of the server and the storage arrive by themselves.
      return;
  }
}

async function seeLogin(page: Page, snap: Snap) {
  if (snap.status === 'done') {
    await expect(page).toHaveURL(/\/m\/home$/);
    return;
  }
  const { form, captcha } = (snap.value as { active: { form: string; captcha: string } }).active;
  // While the form waits for the server or the storage, the next answer says what is seen.
  if (form !== 'editing') return;
  // Editing: the form is no longer busy, so the next tap reaches the machine (a captcha image may still be loading).
  await expect(page.getByRole('main').locator('form')).toHaveAttribute('aria-busy', 'false');
  const sms = snap.context.method === 'sms';
  await expect(page.getByRole('tab', { name: text(sms ? 'identity.login.tabSms' : 'identity.login.tabUsername') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(field(page, text(sms ? 'identity.field.mobile' : 'identity.field.username'))).toBeVisible();
  await expect(page.getByRole('checkbox', { name: text('identity.login.remember') })).toBeChecked({ checked: snap.context.remember === true });
  if (captcha !== 'loading') await expect(captchaButton(page).locator('img')).toHaveCount(captcha === 'shown' ? 1 : 0);
  await expectAlert(page, snap.context.errorCode, ownIds);
}

test.describe('login paths in the browser', () => {
  for (const path of loginPaths) {
    test(path.name, async ({ page }) => {
      await page.goto('/m/login');
      for (const [i, step] of path.steps.entries()) {
        await driveLogin(page, step.event, step.before, path.steps[i + 1]?.event);
        await seeLogin(page, step.after);
      }
    });
  }
});

// ------------------------------------------------------------------ password reset

const resetEvents: AnyEventObject[] = [
  { type: 'lookup.change', lookup: 'email' },
  { type: 'lookup.change', lookup: 'phone' },
  { type: 'email.submit', tag: 'empty', username: '', email: '' },
  { type: 'email.submit', tag: 'badEmail', username: 'someone', email: 'not-an-email' },
  { type: 'email.submit', tag: 'valid', username: 'someone', email: 'someone@example.com' },
  { type: 'xstate.done.actor.submitEmailReset' },
  { type: 'phone.submit', tag: 'wrongCode', mobileNum: '9170000000', verificationCode: '000000', password: 'Reset#2027' },
  { type: 'phone.submit', tag: 'samePassword', mobileNum: '9170000000', verificationCode: '111111', password: 'Reset#2026' },
  { type: 'phone.submit', tag: 'right', mobileNum: '9170000000', verificationCode: '111111', password: 'Reset#2027' },
  { type: 'xstate.error.actor.submitPhoneReset', tag: 'code', error: { errorCode: 'verification.code.invalid' } },
  { type: 'xstate.error.actor.submitPhoneReset', tag: 'same', error: { errorCode: 'modify.new.old.same' } },
  { type: 'xstate.done.actor.submitPhoneReset', output: { userName: 'm' } },
  { type: 'xstate.done.actor.loginAfterReset', output: { token: 't', merchantCode: 'DEMO', userName: 'm', type: 0, firstTimeLogin: false } },
  { type: 'xstate.error.actor.loginAfterReset', error: { errorCode: 'captcha.required', value: { captchaRequired: true } } },
];

const resetPaths = uiPaths(passwordResetMachine, { phoneResetEnabled: true }, resetEvents, (step, previous) => {
  const last = previous.at(-1)?.event.tag;
  switch (step.event.type) {
    case 'xstate.error.actor.submitPhoneReset':
      return (step.event.tag === 'same') === (last === 'samePassword') && last !== 'right';
    case 'xstate.done.actor.submitPhoneReset':
      return last === 'right';
    default:
      return true;
  }
});

async function driveReset(page: Page, event: AnyEventObject, member: { mobile: string; password: string } | null) {
  switch (tagOf(event)) {
    case 'lookup.change':
      await page.getByRole('tab', { name: text(event.lookup === 'email' ? 'identity.reset.byEmail' : 'identity.reset.byPhone') }).click();
      return;
    case 'email.submit:empty':
    case 'email.submit:badEmail':
    case 'email.submit:valid':
      await field(page, text('identity.field.username')).fill(event.username === 'someone' ? freshUsername('someone') : '');
      // A fresh address each run: the server spaces the codes it sends to one address.
      await field(page, text('identity.field.email')).fill(event.tag === 'valid' ? `${freshUsername('someone')}@example.com` : event.email);
      await page.getByRole('button', { name: text('identity.reset.emailSubmit'), exact: true }).click();
      return;
    case 'phone.submit:wrongCode':
      await field(page, text('identity.field.mobile')).fill(freshMobile());
      await field(page, text('identity.field.smsCode')).fill('000000');
      await field(page, text('identity.field.newPassword')).fill('Reset#2027');
      await page.getByRole('button', { name: text('identity.reset.submit'), exact: true }).click();
      return;
    case 'phone.submit:samePassword':
    case 'phone.submit:right': {
      if (!member) throw new Error('the path needs a member with a mobile number');
      await field(page, text('identity.field.mobile')).fill(member.mobile);
      const sentAt = Date.now() - 1000;
      await requestSmsCode(page);
      await field(page, text('identity.field.smsCode')).fill(await readCode(page, `${dialingCode}${member.mobile}`, sentAt));
      await field(page, text('identity.field.newPassword')).fill(event.tag === 'right' ? 'Reset#2027' : member.password);
      await page.getByRole('button', { name: text('identity.reset.submit'), exact: true }).click();
      return;
    }
    default:
      return;
  }
}

async function seeReset(page: Page, snap: Snap) {
  const value = json(snap.value);
  if (snap.status === 'done') {
    const result = snap.context.result as { message: string; redirectTo: string | null };
    await expect(page.getByRole('status').filter({ hasText: messageOf(result.message) })).toBeVisible();
    if (result.redirectTo) await expect(page).toHaveURL(new RegExp(`${result.redirectTo}$`));
    // Logged in after the reset: the header offers to log out.
    if (result.redirectTo === '/m/home') {
      await expect(page.getByRole('navigation', { name: text('shell.header.actions') }).getByRole('button', { name: text('header.logout') })).toBeVisible();
    }
    return;
  }
  if (value.includes('submitting') || value.includes('loggingIn')) return;
  const phone = snap.context.lookup === 'phone';
  await expect(page.getByRole('tab', { name: text(phone ? 'identity.reset.byPhone' : 'identity.reset.byEmail') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectAlert(page, snap.context.errorCode, ownIds);
  if (snap.context.clearField === 'verificationCode') await expect(field(page, text('identity.field.smsCode'))).toHaveValue('');
  if (snap.context.clearField === 'password') await expect(field(page, text('identity.field.newPassword'))).toHaveValue('');
}

test.describe('password reset paths in the browser', () => {
  for (const path of resetPaths) {
    test(path.name, async ({ page }, testInfo) => {
      const needsMember = path.steps.some((s) => s.event.tag === 'right' || s.event.tag === 'samePassword');
      const member = needsMember ? await registerMobileMember(testInfo.project.use.baseURL!) : null;
      // The login after the reset goes through from an address that has failed no login (this
      // suite's own asks for a captcha, which is the other path: to the login screen).
      if (path.steps.some((s) => s.event.type === 'xstate.done.actor.loginAfterReset')) {
        await page.setExtraHTTPHeaders(clientHeaders(clientAddresses.resetLogin));
      }
      await page.goto('/m/forget');
      for (const step of path.steps) {
        await driveReset(page, step.event, member);
        await seeReset(page, step.after);
      }
    });
  }
});

// ------------------------------------------------------------------ registration

const demoRules = toScreenRules(registrationRules({ ...demoMerchant, registrationFields: null } as never));
const validValues = {
  username: 'pathuser1',
  mobileNum: '9170000000',
  messageCode: '123456',
  password: 'Secret#2026',
  confimpsw: 'Secret#2026',
  identifying: '123456',
};
const registrationEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadRules', output: demoRules },
  { type: 'method.change', method: 'mobile' },
  { type: 'method.change', method: 'username' },
  { type: 'disclaimer.toggle' },
  { type: 'captcha.refresh' },
  { type: 'xstate.done.actor.loadCaptcha', output: { id: 'c', image: 'i' } },
  { type: 'form.submit', tag: 'empty', values: {} },
  { type: 'form.submit', tag: 'valid', values: validValues },
  { type: 'form.submit', tag: 'badInvite', values: { ...validValues, affiliateCode: 'ZZZZ9999' } },
  { type: 'form.submit', tag: 'taken', values: { ...validValues, username: 'player1' } },
  { type: 'xstate.done.actor.checkAffiliate', output: { valid: false } },
  { type: 'xstate.done.actor.submitRegistration', output: { userName: 'x' } },
  { type: 'xstate.error.actor.submitRegistration', error: { errorCode: 'member.username.exists' } },
];

const registrationPaths = uiPaths(registrationMachine, { affiliateCode: null }, registrationEvents, (step, previous) => {
  const last = previous.at(-1)?.event;
  switch (step.event.type) {
    case 'form.submit':
      // The button stays disabled until the disclaimer is ticked (the machine's own refusal is proven in its model test).
      return step.before.context.disclaimerAccepted === true && (step.event.tag !== 'taken' || step.before.context.method === 'username');
    case 'xstate.done.actor.checkAffiliate':
      return last?.tag === 'badInvite';
    case 'xstate.done.actor.submitRegistration':
      return last?.tag === 'valid';
    case 'xstate.error.actor.submitRegistration':
      return last?.tag === 'taken';
    default:
      return true;
  }
});

/**
 * Invitation codes from the address (`/m/register?affiliateCode=`): checked first; a bad one
 * says 'Invalid invitation code' with the field focused, a good one (the demo agent's) is
 * not checked again on submit.
 */
const invitationInputs = [
  { code: 'ZZZZ9999', valid: false },
  { code: 'AGENT1', valid: true },
] as const;
const invitationPaths = invitationInputs.flatMap(({ code, valid }) =>
  uiPaths(
    registrationMachine,
    { affiliateCode: code },
    [
      { type: 'xstate.done.actor.loadRules', output: demoRules },
      { type: 'xstate.done.actor.checkAffiliate', output: { valid } },
      { type: 'disclaimer.toggle' },
      { type: 'form.submit', tag: 'validInvite', values: { ...validValues, affiliateCode: code } },
      { type: 'xstate.done.actor.submitRegistration', output: { userName: 'x' } },
    ],
    (step, previous) => {
      const last = previous.at(-1)?.event;
      switch (step.event.type) {
        case 'xstate.done.actor.checkAffiliate':
          // The address's code is checked before the form; a good one is not checked again.
          return json(step.before.value).includes('checkingUrlAffiliate');
        case 'form.submit':
          return valid && step.before.context.disclaimerAccepted === true && step.before.context.method === 'username';
        case 'xstate.done.actor.submitRegistration':
          return last?.tag === 'validInvite';
        default:
          // While the registration is sent the form is busy, and the real server answers at once:
          // the next thing the player sees is its answer, not the form.
          return !json(step.before.value).includes('submitting');
      }
    },
  ).map((path) => ({ ...path, url: `/m/register?affiliateCode=${code}` })),
);

const registrationLabel: Record<string, string> = {
  username: text('identity.field.username'),
  mobileNum: text('identity.field.mobile'),
  affiliateCode: text('identity.field.optional', { label: text('identity.field.affiliateCode') }),
};

async function fillRegistration(page: Page, method: unknown, values: { username: string; affiliateCode?: string }) {
  if (method === 'mobile') {
    const mobile = freshMobile();
    await field(page, text('identity.field.mobile')).fill(mobile);
    const sentAt = Date.now() - 1000;
    await requestSmsCode(page);
    await field(page, text('identity.field.smsCode')).fill(await readCode(page, `${dialingCode}${mobile}`, sentAt));
  } else {
    await field(page, text('identity.field.username')).fill(values.username === 'player1' ? 'player1' : freshUsername('path'));
  }
  await field(page, text('identity.field.password')).fill('Secret#2026');
  await field(page, text('identity.field.confimpsw')).fill('Secret#2026');
  await field(page, registrationLabel.affiliateCode!).fill(values.affiliateCode ?? '');
  await solveCaptcha(page);
}

async function driveRegistration(page: Page, event: AnyEventObject, before: Snap) {
  switch (tagOf(event)) {
    case 'method.change':
      await page.getByRole('tab', { name: text(event.method === 'mobile' ? 'identity.register.byMobile' : 'identity.register.byUsername') }).click();
      return;
    case 'disclaimer.toggle':
      await page.getByRole('checkbox', { name: messageOf('identity.register.disclaimer') }).click();
      return;
    case 'captcha.refresh': {
      const id = await captchaButton(page).getAttribute('data-captcha-id');
      await captchaButton(page).click();
      await expect(captchaButton(page)).not.toHaveAttribute('data-captcha-id', id ?? '');
      return;
    }
    case 'form.submit:empty':
      // Whatever an earlier step typed is cleared: the event is a submit of an empty form.
      for (const input of await page.getByRole('main').locator('form input:not([type="checkbox"])').all()) await input.fill('');
      await page.getByRole('button', { name: text('identity.register.submit'), exact: true }).click();
      return;
    case 'form.submit:valid':
    case 'form.submit:validInvite':
    case 'form.submit:badInvite':
    case 'form.submit:taken':
      await fillRegistration(page, before.context.method, event.values);
      await page.getByRole('button', { name: text('identity.register.submit'), exact: true }).click();
      return;
    default:
      return;
  }
}

async function seeRegistration(page: Page, { event, after: snap }: UiStep) {
  if (snap.status === 'done') {
    await expect(page.getByRole('status').filter({ hasText: text('identity.registered') })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/login$/);
    return;
  }
  const { ready } = snap.value as { ready?: { form: string } };
  // Rules, invitation code and submission pending: the next answer says what is seen.
  if (ready?.form !== 'editing') return;
  // Editing: the form is no longer busy, so the next tap reaches the machine (a new captcha may still be loading).
  await expect(page.getByRole('main').locator('form')).toHaveAttribute('aria-busy', 'false');
  const mobile = snap.context.method === 'mobile';
  await expect(page.getByRole('tab', { name: text(mobile ? 'identity.register.byMobile' : 'identity.register.byUsername') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('checkbox', { name: messageOf('identity.register.disclaimer') })).toBeChecked({
    checked: snap.context.disclaimerAccepted === true,
  });
  await expect(page.getByRole('button', { name: text('identity.register.submit'), exact: true })).toBeEnabled({
    enabled: snap.context.disclaimerAccepted === true,
  });
  await expectAlert(page, snap.context.errorCode, ownIds);
  // The machine moves the focus when a submit or the invitation check finds a field to fix; a later tap moves it on.
  const focus = snap.context.focusField;
  const focusing = event.type === 'form.submit' || event.type === 'xstate.done.actor.checkAffiliate';
  if (focusing && typeof focus === 'string' && registrationLabel[focus]) await expect(field(page, registrationLabel[focus]!)).toBeFocused();
}

test.describe('registration paths in the browser', () => {
  for (const path of [...registrationPaths.map((p) => ({ ...p, url: '/m/register' })), ...invitationPaths]) {
    test(`${path.url} ${path.name}`, async ({ page }) => {
      await page.goto(path.url);
      for (const step of path.steps) {
        await driveRegistration(page, step.event, step.before);
        await seeRegistration(page, step);
      }
    });
  }
});

test('the generated paths were found', () => {
  expect(loginPaths.length).toBeGreaterThan(1);
  expect(resetPaths.length).toBeGreaterThan(1);
  expect(registrationPaths.length).toBeGreaterThan(1);
  // Both invitation codes from the address: the bad one and the good one (which then registers).
  expect(invitationPaths.map((p) => p.url)).toEqual(expect.arrayContaining(invitationInputs.map((i) => `/m/register?affiliateCode=${i.code}`)));
  for (const path of [...loginPaths, ...resetPaths, ...registrationPaths]) expect(eventsOf({ steps: [{ event: { type: 'xstate.init' } }, ...path.steps] }).length).toBeGreaterThan(0);
});
