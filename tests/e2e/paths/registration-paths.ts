/**
 * The registration statechart in the browser: method tabs, the disclaimer,
 * captcha taps, submits with given values, and the server's answers those
 * bring; and the invitation codes from the address (`/m/register?affiliateCode=`):
 * checked first; a bad one says 'Invalid invitation code' with the field
 * focused, a good one (the demo agent's) is not checked again on submit.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { identityMessages } from '../../../machines/identity-types.ts';
import { registrationMachine } from '../../../machines/registration.machine.ts';
import { demoMerchant } from '../../../server/seed/seed.ts';
import { registrationRules } from '../../../server/modules/member/registration-rules.ts';
import { toScreenRules } from '../../../src/app/registration-payload.ts';
import { captchaButton, dialingCode, freshMobile, freshUsername, readCode, requestSmsCode, solveCaptcha } from '../identity-support.ts';
import { text } from '../support.ts';
import { type BrowserModel, isAnswer, type PathGroup, type ProposedStep, type Snap, tagOf, type UiStep } from './browser-model.ts';
import { expectAlert, field, messageOf, valueText } from './screen.ts';

const ownIds = Object.values(identityMessages) as string[];

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
  { type: 'form.submit', tag: 'goodInvite', values: { ...validValues, affiliateCode: 'AGENT1' } },
  { type: 'form.submit', tag: 'taken', values: { ...validValues, username: 'player1' } },
  { type: 'xstate.done.actor.checkAffiliate', output: { valid: false } },
  { type: 'xstate.done.actor.checkAffiliate', output: { valid: true } },
  { type: 'xstate.done.actor.submitRegistration', output: { userName: 'x' } },
  { type: 'xstate.error.actor.submitRegistration', error: { errorCode: 'member.username.exists' } },
];

/** Nothing is done while the form is out at the server: its answer (the next screen) races it. */
const formOut = (step: ProposedStep) =>
  !isAnswer(step.event) && ['submitting', 'checkingAffiliate'].includes((step.before.value as { ready?: { form?: string } }).ready?.form ?? '');

/** The captcha's answer is read from its image: a filled form is sent once the image has arrived. */
const captchaArrived = (step: ProposedStep) =>
  valueText(step.before.value).includes('"captcha":"shown"') && step.before.context.captcha !== null;

const plainGroup: PathGroup = {
  name: 'the form',
  input: { affiliateCode: null },
  url: '/m/register',
  events: registrationEvents,
  consistent: (step, previous) => {
    const last = previous?.event;
    if (formOut(step)) return false;
    switch (step.event.type) {
      case 'form.submit':
        // The button stays disabled until the disclaimer is ticked (the machine's own refusal is proven in its model test).
        return (
          step.before.context.disclaimerAccepted === true &&
          (step.event.tag !== 'taken' || step.before.context.method === 'username') &&
          (step.event.tag === 'empty' || captchaArrived(step))
        );
      case 'xstate.done.actor.checkAffiliate':
        // A typed code is checked on submit: the demo agent's is good, another bad.
        return last?.tag === (step.event.output.valid ? 'goodInvite' : 'badInvite');
      case 'xstate.done.actor.submitRegistration':
        return last?.tag === 'valid' || (last?.type === 'xstate.done.actor.checkAffiliate' && last.output.valid === true);
      case 'xstate.error.actor.submitRegistration':
        return last?.tag === 'taken';
      default:
        return true;
    }
  },
};

/** An invitation code in the address: a bad one, and the demo agent's good one (which then registers). */
export const invitationInputs = [
  { code: 'ZZZZ9999', valid: false },
  { code: 'AGENT1', valid: true },
] as const;

const invitationGroups: PathGroup[] = invitationInputs.map(({ code, valid }) => ({
  name: `invitation code ${code} in the address`,
  input: { affiliateCode: code },
  url: `/m/register?affiliateCode=${code}`,
  events: [
    { type: 'xstate.done.actor.loadRules', output: demoRules },
    { type: 'xstate.done.actor.checkAffiliate', output: { valid } },
    { type: 'xstate.done.actor.loadCaptcha', output: { id: 'c', image: 'i' } },
    { type: 'disclaimer.toggle' },
    { type: 'form.submit', tag: 'validInvite', values: { ...validValues, affiliateCode: code } },
    { type: 'xstate.done.actor.submitRegistration', output: { userName: 'x' } },
  ],
  consistent: (step: ProposedStep, previous: ProposedStep | undefined) => {
    const last = previous?.event;
    if (formOut(step)) return false;
    switch (step.event.type) {
      case 'xstate.done.actor.checkAffiliate':
        // The address's code is checked before the form; a good one is not checked again.
        return valueText(step.before.value).includes('checkingUrlAffiliate');
      case 'form.submit':
        return valid && step.before.context.disclaimerAccepted === true && step.before.context.method === 'username' && captchaArrived(step);
      case 'xstate.done.actor.submitRegistration':
        return last?.tag === 'validInvite';
      default:
        return true;
    }
  },
}));

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
    case 'form.submit:goodInvite':
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

export const registrationPaths: BrowserModel<undefined> = {
  name: 'registration',
  machine: registrationMachine,
  groups: [plainGroup, ...invitationGroups],
  prepare: async () => undefined,
  async drive({ page }, step) {
    await driveRegistration(page, step.event, step.before);
  },
  async see({ page }, step) {
    await seeRegistration(page, step);
  },
  outOfReach: [
    { match: /xstate\.error\.actor\.loadRules|registration\.failed|rules\.retry/, reason: 'server answer not producible: the rules load does not fail' },
    { match: /captcha\.off|captcha\.deciding --always #1/, reason: "not producible: the demo merchant's rules ask for the captcha" },
    { match: /isDisclaimerUnaccepted/, reason: 'not reachable from the UI: the submit button stays disabled until the disclaimer is ticked' },
    { match: /xstate\.error\.actor\.checkAffiliate/, reason: 'server answer not producible: the invitation check does not fail' },
    { match: /xstate\.error\.actor\.loadCaptcha/, reason: 'server answer not producible: the captcha image does not fail' },
    { match: /sms/i, reason: 'not a transition of the form: the SMS button is its child machine (sms-countdown)' },
  ],
};
