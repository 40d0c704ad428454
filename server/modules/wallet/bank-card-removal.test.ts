/**
 * A removed bank card in the money module: no new withdrawal pays to it (the
 * answer of a card that is not the member's), the withdrawals that paid to it
 * still show it (member and operator), a repeated request of a withdrawal made
 * before the removal still answers that withdrawal, and a removal racing a
 * withdrawal to the same card never lets both through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeBankCardEndpoint } from '../../../contract/security.ts';
import {
  addBankCardEndpoint,
  bankCardsEndpoint,
  createWithdrawalEndpoint,
  setWithdrawalPasswordEndpoint,
  withdrawalsEndpoint,
  withdrawalStatusEndpoint,
  withdrawInfoEndpoint,
} from '../../../contract/wallet.ts';
import { executeAdminCommand } from '../../admin/commands.ts';
import { createHarness, failureOf, type Harness, type TestClient } from '../../test/identity-harness.ts';
import { createFundedMember, signIn } from '../../test/wallet-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

let seq = 0;
async function fundedPlayer(): Promise<{ c: TestClient; username: string }> {
  const username = `removal${++seq}`;
  await createFundedMember(h.testDb.db, username);
  const c = await signIn(h, username);
  await c.call(setWithdrawalPasswordEndpoint, { body: { newPassword: '123456', confirmPassword: '123456' } });
  return { c, username };
}
const addCard = (c: TestClient, accountNumber: string) =>
  c.call(addBankCardEndpoint, { body: { bankName: 'BPI', accountName: 'Removal Test', accountNumber } });
const withdraw = (c: TestClient, bankCardId: number, idempotencyKey: string) =>
  c.call(createWithdrawalEndpoint, { body: { bankCardId, amount: 100_00, withdrawalPassword: '123456', idempotencyKey } });
const remove = (c: TestClient, id: number) => c.call(removeBankCardEndpoint, { query: { id } });

describe('a removed bank card', () => {
  it('takes no new withdrawal, while the withdrawals that paid to it still show it', async () => {
    const { c, username } = await fundedPlayer();
    const card = await addCard(c, '700100200300');
    const paid = await withdraw(c, card.id, 'removal-paid-1');
    await executeAdminCommand(h.testDb.db, { kind: 'withdrawals.approve', merchant: 'DEMO', id: paid.orderNo });
    await expect(remove(c, card.id)).resolves.toBeNull();

    const refused = await failureOf(withdraw(c, card.id, 'removal-new-1'));
    expect([refused.status, refused.errorCode]).toEqual([400, 'bankcard.not.found']);
    expect(await c.call(bankCardsEndpoint)).toEqual([]);
    expect((await c.call(withdrawInfoEndpoint)).bankCards).toEqual([]);

    // The same request as before the removal answers the withdrawal it made.
    await expect(withdraw(c, card.id, 'removal-paid-1')).resolves.toMatchObject({ orderNo: paid.orderNo, bankCard: { id: card.id } });
    await expect(c.call(withdrawalStatusEndpoint, { query: { orderNo: paid.orderNo } })).resolves.toMatchObject({
      status: 'approved',
      bankCard: { id: card.id, bankName: 'BPI', accountName: 'Removal Test', accountNumberMasked: '**** 0300' },
    });
    const records = await c.call(withdrawalsEndpoint, { query: {} });
    expect(JSON.stringify(records)).toContain('**** 0300');
    const listed = await executeAdminCommand(h.testDb.db, { kind: 'withdrawals.list', merchant: 'DEMO', status: 'all' });
    if (!('withdrawals' in listed)) throw new Error('expected withdrawals');
    expect(listed.withdrawals.find((w) => w.orderNo === paid.orderNo)).toMatchObject({ username });

    // Added again, it is a new card: the old withdrawal keeps the card it paid to.
    const again = await c.call(addBankCardEndpoint, { body: { bankName: 'Maya', accountName: 'Removal Again', accountNumber: '700100200300' } });
    expect(again.id).not.toBe(card.id);
    await expect(withdraw(c, again.id, 'removal-new-2')).resolves.toMatchObject({ status: 'pending', bankCard: { id: again.id, bankName: 'Maya' } });
    await expect(c.call(withdrawalStatusEndpoint, { query: { orderNo: paid.orderNo } })).resolves.toMatchObject({
      bankCard: { id: card.id, bankName: 'BPI', accountName: 'Removal Test' },
    });
  });

  it('never goes together with a new withdrawal to it: one of the two is refused', async () => {
    const { c } = await fundedPlayer();
    // The removal starts at once or later, so that it lands before, during and after the withdrawal's work.
    for (const [i, delayMs] of [0, 10, 20, 30, 45, 60, 90, 150].entries()) {
      const card = await addCard(c, `70020030040${i}`);
      const later = new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => remove(c, card.id));
      const [withdrawal, removal] = await Promise.allSettled([withdraw(c, card.id, `removal-race-${i}`), later]);
      if (withdrawal.status === 'fulfilled') {
        expect(removal.status).toBe('rejected');
        expect((removal as PromiseRejectedResult).reason).toMatchObject({ status: 409, errorCode: 'bankcard.in.use' });
        await executeAdminCommand(h.testDb.db, { kind: 'withdrawals.reject', merchant: 'DEMO', id: withdrawal.value.orderNo });
        await remove(c, card.id);
      } else {
        expect(withdrawal.reason).toMatchObject({ status: 400, errorCode: 'bankcard.not.found' });
        expect(removal.status).toBe('fulfilled');
      }
    }
    expect(await c.call(bankCardsEndpoint)).toEqual([]);
  });
});
