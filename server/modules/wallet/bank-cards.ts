/**
 * A member's bank cards as the withdraw screens see them: only the cards not
 * removed are listed, counted against `maxBankCards` and paid to. Removing a
 * card keeps its row, so the withdrawals that paid to it still show it; a card
 * a pending withdrawal pays to cannot be removed (409 `bankcard.in.use`), and
 * a removal and a new withdrawal to the same card never both succeed: each
 * locks the card's row, and the one that comes second sees what the first did.
 */
import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import { type BankCardRow, bankCards, withdrawals } from '../../db/schema-wallet.ts';
import { AppError } from '../../http/app-error.ts';

/** Cards the member has not removed. */
export const liveCard: SQL = isNull(bankCards.removedAt);

/** The answer to a card that is not the member's, does not exist or was removed (the same, so none can be told apart). */
export const bankCardNotFound = (status: 400 | 404) => new AppError(status, errorCodes.bankCardNotFound, 'Please choose one of your bank cards.');

export function liveBankCards(db: Database, memberId: number): Promise<BankCardRow[]> {
  return db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.memberId, memberId), liveCard))
    .orderBy(asc(bankCards.id));
}

export async function liveBankCardCount(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bankCards)
    .where(and(eq(bankCards.memberId, memberId), liveCard));
  return row?.n ?? 0;
}

/**
 * The member's live card, its row locked until the transaction ends (inside
 * a transaction), or null. A withdrawal takes it in the transaction that
 * writes the withdrawal, so a removal cannot slip in between.
 */
export async function lockLiveBankCard(trx: Database, memberId: number, cardId: number): Promise<BankCardRow | null> {
  const [card] = await trx
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, cardId), eq(bankCards.memberId, memberId), liveCard))
    .limit(1)
    .for('update');
  return card ?? null;
}

/** Removes one of the member's live cards: 404 `bankcard.not.found` otherwise, 409 `bankcard.in.use` while a pending withdrawal pays to it. */
export async function removeBankCard(db: Database, memberId: number, cardId: number, at: Date): Promise<void> {
  await db.transaction(async (trx) => {
    const card = await lockLiveBankCard(trx as unknown as Database, memberId, cardId);
    if (!card) throw bankCardNotFound(404);
    const [pending] = await trx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.bankCardId, card.id), eq(withdrawals.status, 'pending')))
      .limit(1);
    if (pending) {
      throw new AppError(409, errorCodes.bankCardInUse, 'A pending withdrawal pays to this bank card; remove it once the withdrawal is decided.');
    }
    await trx.update(bankCards).set({ removedAt: at }).where(eq(bankCards.id, card.id));
  });
}
