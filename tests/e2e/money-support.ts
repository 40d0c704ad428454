/**
 * Helpers of the end-to-end tests' accounts and money: fresh members and
 * agents with a session (each test owns its accounts: a login ends the
 * account's other sessions, and records and wallets start empty), money
 * deposited through the local payment gateway (the hosted page's own form
 * posts, as a player's taps send them), bank cards and withdrawal passwords
 * through the API, and trial accounts, all from Node.
 */
import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import { createApiClient } from '../../src/api/client.ts';
import { trialLoginEndpoint } from '../../contract/session.ts';
import { addBankCardEndpoint, createDepositEndpoint, type DepositOrder, setWithdrawalPasswordEndpoint } from '../../contract/wallet.ts';
import { nodeClient, registerMember } from './identity-support.ts';
import { clientAddress, fetchFrom } from './client-address.ts';
import { admin, logIn, type SessionRecord } from './support.ts';

/** A client of the server under test with a member's session. */
export function memberCall(baseURL: string, session: SessionRecord) {
  return createApiClient({
    baseURL,
    headers: () => ({ merchant: 'DEMO', language: 'EN', token: session.token, deviceId: `e2e-${session.userName}` }),
    isOnline: () => true,
    fetch: fetchFrom(),
  });
}

/** A new member (registered through the API) and the session of its login. */
export async function freshMember(baseURL: string, prefix: string) {
  const account = await registerMember(baseURL, prefix);
  const session = await logIn(baseURL, account);
  return { ...account, session, call: memberCall(baseURL, session) };
}
export type FreshMember = Awaited<ReturnType<typeof freshMember>>;

/** A new agent: a member registered through the API, made an agent with the operator CLI, then logged in. */
export async function freshAgent(baseURL: string, prefix = 'agt') {
  const account = await registerMember(baseURL, prefix);
  await admin('members', 'agent', account.username);
  const session = await logIn(baseURL, account);
  return { ...account, session, call: memberCall(baseURL, session) };
}

/** A pending deposit through the API, as the deposit screen creates it. */
export async function createDeposit(member: FreshMember, amount: number, channelCode = 'LOCALPAY'): Promise<DepositOrder> {
  return member.call(createDepositEndpoint, { body: { channelCode, amount, promotionId: null, idempotencyKey: randomUUID() } });
}

/** Presses Pay now (confirm) or Cancel payment on the gateway's hosted page of a pending deposit. */
export async function decideAtGateway(baseURL: string, payUrl: string, decision: 'confirm' | 'cancel') {
  const url = new URL(payUrl, baseURL);
  const response = await fetch(`${url.origin}${url.pathname}/${decision}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: url.searchParams.get('t') ?? '' }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`the gateway answered ${response.status} to ${decision}`);
}

/** Money in a member's wallet: a deposit paid through the local gateway. */
export async function fund(baseURL: string, member: FreshMember, amount: number) {
  const order = await createDeposit(member, amount);
  await decideAtGateway(baseURL, order.payUrl!, 'confirm');
}

/** A bank card through the API; returns its account number. */
export async function addBankCard(member: FreshMember, accountNumber = freshAccountNumber()) {
  await member.call(addBankCardEndpoint, { body: { bankName: 'BDO Unibank', accountName: 'Path Member', accountNumber } });
  return accountNumber;
}

export async function setWithdrawalPassword(member: FreshMember, password: string) {
  await member.call(setWithdrawalPasswordEndpoint, { body: { newPassword: password, confirmPassword: password } });
}

let cards = 0;
/** A bank account number no other test uses (12 digits: the time, the worker and a count of the worker's own). */
export const freshAccountNumber = () =>
  `${Date.now() % 1e7}`.padStart(7, '0') + String(test.info().workerIndex % 10) + String(cards++ % 10_000).padStart(4, '0');

/** A trial account's session, from the test's client address (the server allows 50 trials an hour per address). */
export async function trialSession(baseURL: string, address: string = clientAddress()): Promise<SessionRecord> {
  const { call } = nodeClient(baseURL, address);
  const trial = await call(trialLoginEndpoint);
  return { token: trial.token, merchantCode: 'DEMO', userName: trial.userName, type: 4, firstTimeLogin: false };
}

