/**
 * The withdraw statechart in the browser, for a fresh member each path with
 * ₱1,000.00 deposited through the local gateway and, as the path's first
 * answer says, no bank card and no withdrawal password, one card and a
 * password, or the most cards allowed (5) and a password; a trial account for
 * the refusal. Cards, passwords and withdrawals are typed into the screen; the
 * server's refusals come from real inputs: a card number already added, a
 * wrong withdrawal password.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import type { WithdrawalData, WithdrawBankCard, WithdrawInfoData } from '../../../machines/withdraw.machine.ts';
import { withdrawMachine } from '../../../machines/withdraw.machine.ts';
import { maxBankCards } from '../../../contract/wallet.ts';
import { addBankCard, freshAccountNumber, freshMember, fund, setWithdrawalPassword, trialSession } from '../money-support.ts';
import { giveSession, text } from '../support.ts';
import { type BrowserModel, type PathRun, type ProposedStep, type Snap, tagOf, type UiStep } from './browser-model.ts';
import { expectFormError, valueText } from './screen.ts';

const balance = 1_000_00;
const withdrawal = 200_00;
const pin = '135790';
const limits = { minAmount: 100_00, maxAmount: 50_000_00 };

const cardOf = (id: number): WithdrawBankCard => ({ id, bankName: 'BDO Unibank', accountName: 'Path Member', accountNumberMasked: `**** ${id}` });
const infoOf = (cards: number, hasWithdrawalPassword: boolean, funds = balance): WithdrawInfoData => ({
  currency: { code: 'PHP', symbol: '₱', minorUnits: 2 },
  balance: funds,
  held: balance - funds,
  ...limits,
  bankCards: Array.from({ length: cards }, (_, i) => cardOf(i + 1)),
  maxBankCards,
  banks: ['BDO Unibank'],
  hasWithdrawalPassword,
});

/** What a member starts with, by the tag of the path's first answer. */
const starts = { bare: infoOf(0, false), ready: infoOf(1, true), full: infoOf(maxBankCards, true) } as const;
type Start = keyof typeof starts;

/** The events of a snapshot: the screen's, with the card the form has checked, and the server's answers. */
function withdrawEvents(snap: Snap): AnyEventObject[] {
  const info = snap.context.info as WithdrawInfoData | null;
  const cards = info?.bankCards ?? [];
  const bankCardId = cards[0]?.id ?? 1;
  const submit = (tag: string, amount: number, password: string) => ({ type: 'withdraw.submit', tag, bankCardId, amount, password });
  return [
    ...(Object.keys(starts) as Start[]).map((tag) => ({ type: 'xstate.done.actor.loadWithdrawInfo', tag, output: starts[tag] })),
    // Back on the form after a withdrawal (`withdraw.again` follows only one): the same cards, its amount on hold.
    { type: 'xstate.done.actor.loadWithdrawInfo', tag: 'afterWithdrawal', output: infoOf(cards.length, true, (info?.balance ?? balance) - withdrawal) },
    { type: 'card.add' },
    { type: 'card.cancel' },
    { type: 'card.submit', tag: 'good', bankName: 'BDO Unibank', accountName: 'Path Member', accountNumber: '123456789012' },
    { type: 'card.submit', tag: 'incomplete', bankName: 'BDO Unibank', accountName: '', accountNumber: '12' },
    { type: 'card.submit', tag: 'duplicate', bankName: 'BDO Unibank', accountName: 'Path Member', accountNumber: '123456789012' },
    { type: 'xstate.done.actor.addBankCard', output: cardOf(cards.length + 1) },
    { type: 'xstate.error.actor.addBankCard', error: { errorCode: 'bankcard.exists' } },
    { type: 'password.submit', tag: 'good', newPassword: pin, confirmPassword: pin },
    { type: 'password.submit', tag: 'short', newPassword: '12345', confirmPassword: '12345' },
    { type: 'password.submit', tag: 'mismatch', newPassword: pin, confirmPassword: '135791' },
    { type: 'xstate.done.actor.setWithdrawalPassword' },
    submit('good', withdrawal, pin),
    submit('wrongPassword', withdrawal, '000000'),
    submit('belowMinimum', 50_00, pin),
    submit('aboveBalance', 2_000_00, pin),
    submit('shortPassword', withdrawal, '12'),
    { type: 'xstate.done.actor.createWithdrawal', output: { orderNo: 'W1', status: 'pending', amount: withdrawal } satisfies WithdrawalData },
    { type: 'xstate.error.actor.createWithdrawal', error: { errorCode: 'withdraw.password.incorrect' } },
    { type: 'withdraw.again' },
  ];
}

/** Whether the server gives this answer to what the screen sent before it. */
function consistent(step: ProposedStep, previous: ProposedStep | undefined): boolean {
  const last = previous?.event;
  const info = step.before.context.info as WithdrawInfoData | null;
  const cards = (info?.bankCards ?? []).length;
  switch (step.event.type) {
    case 'xstate.done.actor.loadWithdrawInfo':
      // The first load finds the member as prepared; a later one (after a withdrawal) the amount on hold.
      return info === null ? step.event.tag !== 'afterWithdrawal' : step.event.tag === 'afterWithdrawal';
    case 'card.submit':
      // A duplicate needs a card to copy.
      return step.event.tag !== 'duplicate' || cards > 0;
    case 'withdraw.submit':
      // One withdrawal a path (each would add another balance to the graph).
      return step.event.tag !== 'good' || info?.balance === balance;
    case 'xstate.done.actor.addBankCard':
      return last?.tag === 'good';
    case 'xstate.error.actor.addBankCard':
      return last?.tag === 'duplicate';
    case 'xstate.done.actor.createWithdrawal':
      return last?.tag === 'good';
    case 'xstate.error.actor.createWithdrawal':
      return last?.tag === 'wrongPassword';
    default:
      return true;
  }
}

interface WithdrawData {
  /** Account numbers of the member's cards, oldest first. */
  cardNumbers: string[];
}

const peso = (minor: number) => (minor / 100).toFixed(2);
const shownMoney = (minor: number) => `₱${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const button = (page: Page, id: Parameters<typeof text>[0]) => page.getByRole('button', { name: text(id), exact: true });

async function drive({ page, data }: PathRun<WithdrawData>, step: UiStep) {
  const event = step.event;
  switch (tagOf(event)) {
    case 'card.add':
      await button(page, 'money.card.add').click();
      return;
    case 'card.cancel':
      await button(page, 'dialog.cancel').click();
      return;
    case 'card.submit:good':
    case 'card.submit:duplicate': {
      const number = event.tag === 'good' ? freshAccountNumber() : data.cardNumbers[0]!;
      await page.getByLabel(text('money.card.accountName')).fill('Path Member');
      await page.getByLabel(text('money.card.accountNumber')).fill(number);
      if (event.tag === 'good') data.cardNumbers.push(number);
      await button(page, 'money.card.submit').click();
      return;
    }
    case 'card.submit:incomplete':
      await page.getByLabel(text('money.card.accountName')).fill('');
      await page.getByLabel(text('money.card.accountNumber')).fill('12');
      await button(page, 'money.card.submit').click();
      return;
    case 'password.submit:good':
    case 'password.submit:short':
    case 'password.submit:mismatch':
      await page.getByLabel(text('money.password.new'), { exact: true }).fill(event.newPassword);
      await page.getByLabel(text('money.password.confirm')).fill(event.confirmPassword);
      await button(page, 'money.password.submit').click();
      return;
    case 'withdraw.submit:good':
    case 'withdraw.submit:wrongPassword':
    case 'withdraw.submit:belowMinimum':
    case 'withdraw.submit:aboveBalance':
    case 'withdraw.submit:shortPassword':
      await page.getByLabel(text('money.amount')).fill(peso(event.amount));
      await page.getByLabel(text('money.withdraw.password')).fill(event.password);
      await button(page, 'money.withdraw.submit').click();
      return;
    case 'withdraw.again':
      await button(page, 'money.withdraw.again').click();
      return;
    default:
      // The server's answers arrive by themselves.
      return;
  }
}

async function see({ page }: PathRun<WithdrawData>, step: UiStep) {
  const snap = step.after;
  const value = valueText(snap.value);
  const info = snap.context.info as WithdrawInfoData | null;
  if (value === '"rejected"') {
    await expect(page.getByRole('heading', { name: text('free_reject') })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: text('header.register') })).toBeVisible();
    return;
  }
  if (value.includes('addingCard') && value.includes('editing')) {
    await expect(page.getByRole('heading', { name: text('money.card.title') })).toBeVisible();
    await expect(button(page, 'money.card.submit')).toBeEnabled();
    await expect(button(page, 'dialog.cancel')).toHaveCount(info!.bankCards.length > 0 ? 1 : 0);
    await expectFormError(page, snap.context.errorCode);
    return;
  }
  if (value.includes('settingPassword') && value.includes('editing')) {
    await expect(page.getByRole('heading', { name: text('money.password.title') })).toBeVisible();
    await expect(button(page, 'money.password.submit')).toBeEnabled();
    await expectFormError(page, snap.context.errorCode);
    return;
  }
  if (value === '"form"') {
    await expect(button(page, 'money.withdraw.submit')).toBeEnabled();
    await expect(page.getByTestId('withdraw-balance')).toHaveText(shownMoney(info!.balance));
    await expect(page.getByRole('radio')).toHaveCount(info!.bankCards.length);
    await expect(button(page, 'money.card.add')).toHaveCount(info!.bankCards.length < info!.maxBankCards ? 1 : 0);
    await expectFormError(page, snap.context.errorCode);
    return;
  }
  if (value === '"requested"') {
    await expect(page.getByRole('heading', { name: text('money.withdraw.requested') })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: shownMoney(withdrawal) })).toBeVisible();
    return;
  }
  // loading, deciding, saving, submitting: the next answer says what is seen.
}

export const withdrawPaths: BrowserModel<WithdrawData> = {
  name: 'withdraw',
  machine: withdrawMachine,
  timeout: 45_000,
  groups: [
    {
      name: 'a member with ₱1,000.00',
      input: { isTrial: false },
      url: '/m/withdraw',
      events: withdrawEvents,
      consistent,
      truncate: true,
    },
    { name: 'a trial account', input: { isTrial: true }, url: '/m/withdraw', events: [], start: true },
  ],
  async prepare({ page, baseURL, path }) {
    if ((path.group.input as { isTrial: boolean }).isTrial) {
      await giveSession(page, await trialSession(baseURL));
      return { cardNumbers: [] };
    }
    const member = await freshMember(baseURL, 'wd');
    await fund(baseURL, member, balance);
    const start = (path.steps.find((s) => s.event.type === 'xstate.done.actor.loadWithdrawInfo')?.event.tag ?? 'bare') as Start;
    const cardNumbers: string[] = [];
    for (let i = 0; i < starts[start].bankCards.length; i++) cardNumbers.push(await addBankCard(member));
    if (starts[start].hasWithdrawalPassword) await setWithdrawalPassword(member, pin);
    await giveSession(page, member.session);
    return { cardNumbers };
  },
  drive: (run, step) => drive(run, step),
  see: (run, step) => see(run, step),
  outOfReach: [
    { match: /withdraw\.failed|withdraw\.retry|xstate\.error\.actor\.loadWithdrawInfo/, reason: 'server answer not producible: the withdrawal information does not fail to load' },
    { match: /xstate\.error\.actor\.setWithdrawalPassword/, reason: 'server answer not producible: a 6-digit password confirmed the same is never refused' },
    { match: /isCardUnknown/, reason: 'not reachable from the UI: the form always sends one of the listed cards' },
    { match: /card\.add \[canAddCard\]/, reason: 'the form offers the button only below the card limit' },
  ],
};
