/**
 * The deposit statechart in the browser, for a fresh member each path (a
 * trial account for the refusal): the form (channels, promotions, amounts,
 * the server's refusal of a promotion) up to the local gateway's payment page,
 * which the deposit opens in the same tab; and an order followed on the way
 * back (`/m/voucherCenter?orderNo=`): pending, the poll, the check button,
 * the page becoming visible again, and the gateway's decision (paid or
 * cancelled on its hosted page) arriving.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import type { DepositOptionsData, DepositOrderData, DepositRequest } from '../../../machines/deposit.machine.ts';
import { depositMachine } from '../../../machines/deposit.machine.ts';
import { demoDepositChannels, demoDepositPromotions } from '../../../server/seed/seed-wallet.ts';
import { createDeposit, decideAtGateway, type FreshMember, freshMember, trialSession } from '../money-support.ts';
import { giveSession, text } from '../support.ts';
import { type BrowserModel, type PathRun, type UiStep, tagOf } from './browser-model.ts';
import { expectFormError, valueText } from './screen.ts';

/** The demo merchant's deposit options as the server answers them (ids in seed order). */
const options: DepositOptionsData = {
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  channels: demoDepositChannels.map((c) => ({ code: c.code, name: c.names.EN, minAmount: c.minAmount, maxAmount: c.maxAmount, presetAmounts: [...c.presetAmounts] })),
  promotions: demoDepositPromotions.map((p, i) => ({
    id: i + 1,
    title: p.titles.EN,
    description: p.descriptions.EN,
    bonusRateBps: p.bonusRateBps,
    maxBonus: p.maxBonus,
    minDeposit: p.minDeposit,
    available: true,
  })),
  bonusBadge: 258_00,
};
const daily = options.promotions.find((p) => p.title.startsWith('Daily'))!;
const POLL = 'xstate.after.statusPoll.deposit.pending.waiting';
const TOAST = 'xstate.after.freeRejectToast.deposit.rejected.toast';
const orderAmount = 300_00;
const order = (status: DepositOrderData['status']): DepositOrderData => ({
  orderNo: 'D1',
  status,
  amount: orderAmount,
  bonus: 0,
  payUrl: status === 'pending' ? '/pay/local/1?t=x' : null,
});
const statusAnswer = (status: DepositOrderData['status']) => ({ type: 'xstate.done.actor.loadDepositStatus', output: order(status) });
const settled = (event: AnyEventObject | undefined) =>
  event?.type === 'xstate.done.actor.loadDepositStatus' && (event.output as DepositOrderData).status !== 'pending';
/** The server refuses the daily promotion below its minimum deposit. */
const refused = (request: DepositRequest) => request.promotionId === daily.id && request.amount < daily.minDeposit;

interface DepositData {
  member: FreshMember | null;
  orderNo: string | null;
  payUrl: string | null;
}

const peso = (minor: number) => (minor / 100).toFixed(2);
const channelRadio = (page: Page, code: string) =>
  page.getByRole('radio', { name: new RegExp(`^${options.channels.find((c) => c.code === code)!.name}`) });
const promotionRadio = (page: Page, id: number | null) =>
  page.getByRole('radio', { name: new RegExp(`^${id === null ? text('money.deposit.noPromotion') : options.promotions.find((p) => p.id === id)!.title}`) });
const checkButton = (page: Page) => page.getByRole('button', { name: text('money.deposit.check') });
const statusAnswered = (page: Page) => page.waitForResponse((r) => r.url().includes('/wps/deposit/order?') && r.request().method() === 'GET');

async function drive({ page, baseURL, path, data }: PathRun<DepositData>, step: UiStep, i: number) {
  const next = path.steps[i + 1]?.event;
  switch (tagOf(step.event)) {
    case 'deposit.selectChannel':
      await channelRadio(page, step.event.channelCode).check();
      return;
    case 'deposit.selectPromotion':
      await promotionRadio(page, step.event.promotionId).check();
      return;
    case 'deposit.submit':
      await page.getByLabel(text('money.amount')).fill(peso(step.event.amount));
      await page.getByRole('button', { name: text('money.deposit.submit') }).click();
      return;
    case 'deposit.check': {
      const answered = statusAnswered(page);
      await checkButton(page).click();
      await answered;
      return;
    }
    case 'page.visible': {
      // The tab comes back to the front: the browser says so with a visibilitychange.
      await expect(checkButton(page)).toBeEnabled();
      const answered = statusAnswered(page);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await answered;
      return;
    }
    case POLL:
      if (settled(next)) {
        // The player pays (or cancels) on the gateway's page; the next poll finds out.
        await decideAtGateway(baseURL, data.payUrl!, (next!.output as DepositOrderData).status === 'completed' ? 'confirm' : 'cancel');
      } else {
        await statusAnswered(page);
      }
      return;
    case 'deposit.again':
      await page.getByRole('button', { name: text('money.deposit.again') }).click();
      return;
    case TOAST:
      // The refusal's toast shows first, then goes by itself.
      await expect(page.getByRole('status').filter({ hasText: text('free_reject') })).toBeVisible();
      return;
    default:
      // The server's answers arrive by themselves.
      return;
  }
}

async function see({ page }: PathRun<DepositData>, step: UiStep) {
  const snap = step.after;
  const value = valueText(snap.value);
  const context = snap.context as unknown as { channelCode: string | null; promotionId: number | null; errorCode: string | null; order: DepositOrderData | null; request: DepositRequest | null };
  if (value.includes('rejected')) {
    await expect(page.getByRole('status').filter({ hasText: text('free_reject') })).toHaveCount(value.includes('toast') ? 1 : 0, { timeout: 5_000 });
    await expect(page.getByRole('heading', { name: text('free_reject') })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: text('header.register') })).toBeVisible();
    return;
  }
  if (value === '"editing"') {
    await expect(page.getByRole('button', { name: text('money.deposit.submit') })).toBeEnabled();
    await expect(channelRadio(page, context.channelCode!)).toBeChecked();
    await expect(promotionRadio(page, context.promotionId)).toBeChecked();
    await expectFormError(page, context.errorCode);
    return;
  }
  if (value.includes('pending')) {
    if (step.event.type === 'xstate.done.actor.createDeposit') {
      // The deposit opens the gateway's payment page for the amount.
      await expect(page).toHaveURL(/\/pay\/local\//);
      await expect(page.getByText(`PHP ${peso(context.request!.amount)}`)).toBeVisible();
      return;
    }
    if (value.includes('checking')) return;
    await expect(page.getByRole('heading', { name: text('money.deposit.pending') })).toBeVisible();
    await expect(checkButton(page)).toBeEnabled();
    await expect(page.getByRole('link', { name: text('money.deposit.openPayment') })).toHaveCount(context.order?.payUrl ? 1 : 0);
    await expectFormError(page, context.errorCode);
    return;
  }
  if (value === '"settled"') {
    const completed = context.order?.status === 'completed';
    await expect(page.getByRole('heading', { name: text(completed ? 'money.deposit.completed' : 'money.deposit.cancelled') })).toBeVisible();
    await expect(page.getByRole('button', { name: text('money.deposit.again') })).toBeVisible();
    return;
  }
  // loading, creating: the next answer says what is seen.
}

export const depositPaths: BrowserModel<DepositData> = {
  name: 'deposit',
  machine: depositMachine,
  timeout: 45_000,
  groups: [
    {
      name: 'the form, up to the payment page',
      input: { isTrial: false, orderNo: null },
      url: '/m/voucherCenter',
      events: [
        { type: 'xstate.done.actor.loadDepositOptions', output: options },
        { type: 'deposit.selectChannel', channelCode: 'EWALLET' },
        { type: 'deposit.selectChannel', channelCode: 'LOCALPAY' },
        { type: 'deposit.selectPromotion', promotionId: daily.id },
        { type: 'deposit.selectPromotion', promotionId: null },
        // ₱300 fits both channels, ₱60 only the e-wallet, ₱20 neither.
        { type: 'deposit.submit', amount: 300_00 },
        { type: 'deposit.submit', amount: 60_00 },
        { type: 'deposit.submit', amount: 20_00 },
        { type: 'xstate.done.actor.createDeposit', output: order('pending') },
        { type: 'xstate.error.actor.createDeposit', error: { errorCode: 'deposit.promotion.unavailable' } },
      ],
      consistent: (step) => {
        const request = step.before.context.request as DepositRequest | null;
        // Tapping the radio already chosen sends nothing.
        if (step.event.type === 'deposit.selectChannel') return step.event.channelCode !== step.before.context.channelCode;
        if (step.event.type === 'deposit.selectPromotion') return step.event.promotionId !== step.before.context.promotionId;
        if (step.event.type === 'xstate.done.actor.createDeposit') return request !== null && !refused(request);
        if (step.event.type === 'xstate.error.actor.createDeposit') return request !== null && refused(request);
        return true;
      },
      // The payment page replaces the screen.
      endsAfter: (step) => step.event.type === 'xstate.done.actor.createDeposit',
      truncate: true,
    },
    {
      name: 'an order followed on the way back from the payment page',
      input: { isTrial: false, orderNo: 'D1' },
      url: '/m/voucherCenter?orderNo=',
      events: [
        statusAnswer('pending'),
        statusAnswer('completed'),
        statusAnswer('cancelled'),
        { type: 'deposit.check' },
        { type: 'page.visible' },
        { type: POLL },
        { type: 'deposit.again' },
        { type: 'xstate.done.actor.loadDepositOptions', output: options },
      ],
      // The gateway's decision is read at the return and by the poll: a tap or a visibility check
      // right after it would race the 3 s poll (the same transitions are taken either way).
      consistent: (step, last) => !settled(step.event) || !last || last.event.type === POLL,
      truncate: true,
    },
    {
      name: 'a trial account',
      input: { isTrial: true, orderNo: null },
      url: '/m/voucherCenter',
      events: [{ type: TOAST }],
    },
  ],
  async prepare({ page, baseURL, path }) {
    if (path.group.input && (path.group.input as { isTrial: boolean }).isTrial) {
      await giveSession(page, await trialSession(baseURL));
      return { member: null, orderNo: null, payUrl: null };
    }
    const member = await freshMember(baseURL, 'dp');
    await giveSession(page, member.session);
    if ((path.group.input as { orderNo: string | null }).orderNo === null) return { member, orderNo: null, payUrl: null };
    const created = await createDeposit(member, orderAmount);
    const first = path.steps[0]!.event;
    // Back from the payment page after paying (or cancelling) there.
    if (settled(first)) await decideAtGateway(baseURL, created.payUrl!, (first.output as DepositOrderData).status === 'completed' ? 'confirm' : 'cancel');
    return { member, orderNo: created.orderNo, payUrl: created.payUrl };
  },
  async open({ page, path, data }) {
    await page.goto(data.orderNo ? `${path.group.url}${data.orderNo}` : path.group.url);
  },
  drive,
  see,
  outOfReach: [
    { match: /deposit\.failed|deposit\.retry|xstate\.error\.actor\.loadDepositOptions/, reason: 'server answer not producible: the options load does not fail' },
    { match: /xstate\.error\.actor\.loadDepositStatus/, reason: 'server answer not producible: the status check does not fail' },
    { match: /isChannelMissing/, reason: 'not producible: the demo merchant has channels (without one the screen shows no form)' },
    { match: /createDeposit #1-->/, reason: 'server answer not producible: the local gateway answers every new deposit with its payment page' },
    { match: /isFreeReject/, reason: 'not producible: a trial account is refused before the form, never by the deposit call' },
    { match: /pending --deposit\.again|settled --deposit\.again/, reason: 'taken by paths that start from an order (group 2)' },
  ],
};
