/**
 * The security center's machines (machines/security-center, payment-password,
 * security-questions, bank-cards) with their real side effects: the member
 * and wallet API (contract/security.ts, contract/wallet.ts). The payment
 * password and the security questions tell the security center what they set
 * through the system, so it shows at once.
 *
 * Imported only by the security center's route chunk, never by the first load.
 */
import { fromPromise } from 'xstate';
import { type BankCardsData, bankCardsMachine } from '../../machines/bank-cards.machine.ts';
import { type PaymentPasswordSave, paymentPasswordMachine } from '../../machines/payment-password.machine.ts';
import type { SecurityCenterEvent } from '../../machines/security-center.machine.ts';
import { securityCenterMachine } from '../../machines/security-center.machine.ts';
import { type SecurityQuestionsSave, securityQuestionsMachine } from '../../machines/security-questions.machine.ts';
import type { NewBankCard, WithdrawBankCard } from '../../machines/withdraw.machine.ts';
import {
  memberSessionsEndpoint,
  removeBankCardEndpoint,
  resetWithdrawalPasswordEndpoint,
  securityConfigEndpoint,
  securityQuestionsEndpoint,
  setSecurityQuestionsEndpoint,
  signOutElsewhereEndpoint,
} from '../../contract/security.ts';
import { addBankCardEndpoint, setWithdrawalPasswordEndpoint, withdrawInfoEndpoint } from '../../contract/wallet.ts';
import type { ApiCall } from '../api/client.ts';
import { apiCall } from './api.ts';
import type { SystemArgs } from './app-events.ts';

/** The system id of the security center the screen shows. */
export const securityCenterSystemId = 'securityCenter';

const toSecurityCenter = ({ system }: SystemArgs, event: SecurityCenterEvent) => system.get(securityCenterSystemId)?.send(event);

export function provideSecurityCenterMachine(call: ApiCall = apiCall) {
  return securityCenterMachine.provide({
    actors: {
      loadOverview: fromPromise(async () => {
        const [config, sessions] = await Promise.all([call(securityConfigEndpoint), call(memberSessionsEndpoint)]);
        return { config, sessions };
      }),
      signOutElsewhere: fromPromise(() => call(signOutElsewhereEndpoint)),
    },
  });
}

/** Setting and changing are the withdraw screen's call; a forgotten one is reset with the login password. */
async function savePin(call: ApiCall, { mode, proof, newPassword, confirmPassword }: PaymentPasswordSave) {
  if (mode === 'reset') {
    await call(resetWithdrawalPasswordEndpoint, { body: { loginPassword: proof, newPassword, confirmPassword } });
    return;
  }
  await call(setWithdrawalPasswordEndpoint, { body: { ...(mode === 'change' ? { oldPassword: proof } : {}), newPassword, confirmPassword } });
}

export function providePaymentPasswordMachine(call: ApiCall = apiCall) {
  return paymentPasswordMachine.provide({
    actors: { savePin: fromPromise(({ input }: { input: PaymentPasswordSave }) => savePin(call, input)) },
    actions: { pinSaved: (args) => toSecurityCenter(args, { type: 'security.pinSet' }) },
  });
}

export function provideSecurityQuestionsMachine(call: ApiCall = apiCall) {
  return securityQuestionsMachine.provide({
    actors: {
      loadChoices: fromPromise(() => call(securityQuestionsEndpoint)),
      saveAnswers: fromPromise(({ input }: { input: SecurityQuestionsSave }) => call(setSecurityQuestionsEndpoint, { body: input })),
    },
    actions: { questionsSaved: (args, { questionIds }) => toSecurityCenter(args, { type: 'security.questionsSet', questionIds }) },
  });
}

export function provideBankCardsMachine(call: ApiCall = apiCall) {
  return bankCardsMachine.provide({
    actors: {
      loadCards: fromPromise(async (): Promise<BankCardsData> => {
        const { bankCards, maxBankCards, banks } = await call(withdrawInfoEndpoint);
        return { bankCards, maxBankCards, banks };
      }),
      addCard: fromPromise(({ input }: { input: NewBankCard }): Promise<WithdrawBankCard> => call(addBankCardEndpoint, { body: input })),
      removeCard: fromPromise(async ({ input }: { input: { id: number } }) => {
        await call(removeBankCardEndpoint, { query: { id: input.id } });
      }),
    },
  });
}
