/**
 * The wallet service: balances, deposits (channels, promotions, the payment
 * gateway and its callback), bank cards, the withdrawal password and
 * withdrawals with their operator decisions. Every movement of money goes
 * through the ledger (ledger.ts); rows that must agree with it (a deposit's
 * status, a withdrawal) are written in the ledger's database transaction.
 * Removed bank cards (bank-cards.ts) are neither listed, counted nor paid to;
 * the withdrawals that paid to one still show it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import { depositTypes } from '../../../contract/session.ts';
import {
  type AddBankCardBody,
  type BankCard,
  type CreateDepositBody,
  type CreateWithdrawalBody,
  type Currency,
  type DepositOptions,
  type DepositOrder,
  type GatewayCallback,
  maxBankCards,
  type Wallet,
  type WithdrawInfo,
  type Withdrawal,
} from '../../../contract/wallet.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow, MerchantRow } from '../../db/schema.ts';
import {
  type BankCardRow,
  bankCards,
  type DepositPromotionRow,
  type DepositRow,
  depositChannels,
  depositPromotions,
  deposits,
  type WithdrawalRow,
  withdrawals,
} from '../../db/schema-wallet.ts';
import { checkDeposit } from '../responsible-gaming/checks/protection-checks.ts';
import { AppError } from '../../http/app-error.ts';
import { assertKycForWithdrawal } from '../member/kyc.ts';
import { uniqueViolation } from '../member/queries.ts';
import { bankCardNotFound, liveBankCardCount, liveBankCards, lockLiveBankCard, liveCard } from './bank-cards.ts';
import type { PaymentProvider } from './gateway/provider.ts';
import { balancesOf, IdempotencyConflictError, postTransaction } from './ledger.ts';
import type { WithdrawalPasswords } from './withdrawal-password.ts';

/** Trial members (type 4) may not deposit or withdraw (spec section 6). */
export const trialMemberType = 4;

export const withdrawalLimits = { minAmount: 100_00, maxAmount: 50_000_00 } as const;

export const banks = [
  'BDO Unibank',
  'BPI',
  'Metrobank',
  'Land Bank',
  'PNB',
  'Security Bank',
  'UnionBank',
  'RCBC',
  'China Bank',
  'GCash',
  'Maya',
] as const;

export interface WalletServiceDeps {
  db: Database;
  now: () => Date;
  providers: ReadonlyMap<string, PaymentProvider>;
  passwords: WithdrawalPasswords;
}

export interface MemberContext {
  member: MemberRow;
  merchant: MerchantRow;
  language: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function currencyOf(merchant: MerchantRow): Currency {
  return { code: merchant.currencyCode, symbol: merchant.currencySymbol, minorUnits: merchant.minorUnits };
}

function localized(map: Record<string, string>, language: string): string {
  return map[language] ?? map.EN ?? Object.values(map)[0] ?? '';
}

function orderNo(prefix: 'D' | 'W', at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${randomBytes(6).toString('hex').toUpperCase()}`;
}

export function maskAccountNumber(number: string): string {
  return `**** ${number.slice(-4)}`;
}

export function bankCardView(row: BankCardRow): BankCard {
  return {
    id: row.id,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    createdAt: row.createdAt.toISOString(),
  };
}

export function depositView(row: DepositRow): DepositOrder {
  return {
    orderNo: row.orderNo,
    status: row.status,
    channelCode: row.channelCode,
    amount: row.amount,
    bonus: row.bonus,
    promotionId: row.promotionId,
    payUrl: row.status === 'pending' ? row.payUrl : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

export function withdrawalView(row: WithdrawalRow, card: BankCardRow): Withdrawal {
  return {
    orderNo: row.orderNo,
    status: row.status,
    amount: row.amount,
    bankCard: bankCardView(card),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

function rejectTrial(member: MemberRow): void {
  if (member.type === trialMemberType) {
    throw new AppError(403, errorCodes.freeReject, 'Please login an actual account to use this function');
  }
}

/** The deposit entry's bonus badge: the first enabled promotion (in display order) that has one. */
export function badgeOf(promotions: readonly Pick<DepositPromotionRow, 'badgeAmount'>[]): number | null {
  return promotions.find((p) => p.badgeAmount !== null)?.badgeAmount ?? null;
}

/** The merchant's deposit bonus badge (minor units), or null: shown to every visitor on the deposit entry. */
export async function depositBadgeOf(db: Database, merchantCode: string): Promise<number | null> {
  const promotions = await db
    .select({ badgeAmount: depositPromotions.badgeAmount })
    .from(depositPromotions)
    .where(and(eq(depositPromotions.merchantCode, merchantCode), eq(depositPromotions.enabled, true)))
    .orderBy(asc(depositPromotions.sortOrder), asc(depositPromotions.id));
  return badgeOf(promotions);
}

/** Deposits are for member types 0, 1 and 2 (spec section 6); trial gets free_reject, the other types no permission. */
function rejectNonDepositor(member: MemberRow): void {
  rejectTrial(member);
  if (!(depositTypes as readonly number[]).includes(member.type)) {
    throw new AppError(403, errorCodes.forbidden, 'This account does not have permission or the feature is temporarily unavailable');
  }
}

function outOfRange(min: number, max: number): AppError {
  return new AppError(400, errorCodes.amountOutOfRange, 'The amount is outside the allowed range.', { minAmount: min, maxAmount: max });
}

export type WalletService = ReturnType<typeof createWalletService>;

export function createWalletService(deps: WalletServiceDeps) {
  const { db, now, providers, passwords } = deps;

  async function memberBalances(merchant: MerchantRow, memberId: number) {
    const b = await balancesOf(db, merchant.code, [
      { kind: 'member', memberId },
      { kind: 'hold', memberId },
    ]);
    return { balance: b.get(`member:${memberId}`) ?? 0, held: b.get(`hold:${memberId}`) ?? 0 };
  }

  async function hasCompletedDeposit(memberId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.memberId, memberId), eq(deposits.status, 'completed')))
      .limit(1);
    return Boolean(row);
  }

  async function findDeposit(memberId: number, key: string) {
    const [row] = await db
      .select()
      .from(deposits)
      .where(and(eq(deposits.memberId, memberId), eq(deposits.idempotencyKey, key)))
      .limit(1);
    return row;
  }

  async function findWithdrawalWithCard(where: ReturnType<typeof eq>) {
    const [row] = await db
      .select({ w: withdrawals, card: bankCards })
      .from(withdrawals)
      .innerJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
      .where(where)
      .limit(1);
    return row;
  }

  function bonusFor(promotion: typeof depositPromotions.$inferSelect, amount: number): number {
    return Math.min(Math.floor((amount * promotion.bonusRateBps) / 10_000), promotion.maxBonus);
  }

  return {
    async wallet({ member, merchant }: MemberContext): Promise<Wallet> {
      const { balance, held } = await memberBalances(merchant, member.id);
      return {
        merchant: { merchantCode: merchant.code, currency: currencyOf(merchant) },
        member: { memberId: member.id, balance, held },
        sumBalance: balance,
        updatedAt: now().toISOString(),
      };
    },

    async depositOptions({ member, merchant, language }: MemberContext): Promise<DepositOptions> {
      const [channels, promotions, deposited] = await Promise.all([
        db
          .select()
          .from(depositChannels)
          .where(and(eq(depositChannels.merchantCode, merchant.code), eq(depositChannels.enabled, true)))
          .orderBy(asc(depositChannels.sortOrder), asc(depositChannels.code)),
        db
          .select()
          .from(depositPromotions)
          .where(and(eq(depositPromotions.merchantCode, merchant.code), eq(depositPromotions.enabled, true)))
          .orderBy(asc(depositPromotions.sortOrder), asc(depositPromotions.id)),
        hasCompletedDeposit(member.id),
      ]);
      return {
        currency: currencyOf(merchant),
        channels: channels
          .filter((c) => providers.has(c.provider))
          .map((c) => ({
            code: c.code,
            name: localized(c.names, language),
            provider: c.provider,
            minAmount: c.minAmount,
            maxAmount: c.maxAmount,
            presetAmounts: c.presetAmounts.filter((a) => a >= c.minAmount && a <= c.maxAmount),
          })),
        promotions: promotions.map((p) => ({
          id: p.id,
          code: p.code,
          title: localized(p.titles, language),
          description: localized(p.descriptions, language),
          bonusRateBps: p.bonusRateBps,
          maxBonus: p.maxBonus,
          minDeposit: p.minDeposit,
          firstDepositOnly: p.firstDepositOnly,
          available: !(p.firstDepositOnly && deposited),
        })),
        bonusBadge: badgeOf(promotions),
      };
    },

    async createDeposit({ member, merchant, language }: MemberContext, body: CreateDepositBody): Promise<DepositOrder> {
      rejectNonDepositor(member);
      const promotionId = body.promotionId ?? null;
      const requestHash = sha256(JSON.stringify([body.channelCode, body.amount, promotionId]));
      const replay = async () => {
        const existing = await findDeposit(member.id, body.idempotencyKey);
        if (!existing) return null;
        if (existing.requestHash !== requestHash) throw new IdempotencyConflictError(body.idempotencyKey);
        return depositView(existing);
      };
      const first = await replay();
      if (first) return first;

      const [channel] = await db
        .select()
        .from(depositChannels)
        .where(
          and(
            eq(depositChannels.merchantCode, merchant.code),
            eq(depositChannels.code, body.channelCode),
            eq(depositChannels.enabled, true),
          ),
        )
        .limit(1);
      const provider = channel ? providers.get(channel.provider) : undefined;
      if (!channel || !provider) throw new AppError(400, errorCodes.depositChannelUnknown, 'This payment channel is not available.');
      if (body.amount < channel.minAmount || body.amount > channel.maxAmount) throw outOfRange(channel.minAmount, channel.maxAmount);

      let bonus = 0;
      if (promotionId !== null) {
        const [promotion] = await db
          .select()
          .from(depositPromotions)
          .where(
            and(
              eq(depositPromotions.id, promotionId),
              eq(depositPromotions.merchantCode, merchant.code),
              eq(depositPromotions.enabled, true),
            ),
          )
          .limit(1);
        if (
          !promotion ||
          body.amount < promotion.minDeposit ||
          (promotion.firstDepositOnly && (await hasCompletedDeposit(member.id)))
        ) {
          throw new AppError(400, errorCodes.depositPromotionUnavailable, 'This promotion is not available for this deposit.');
        }
        bonus = bonusFor(promotion, body.amount);
      }

      const at = now();
      const no = orderNo('D', at);
      // The payment and the deposit are made together: when the same key wins a race, the
      // loser's payment is rolled back with it (the local gateway's rows live in this database).
      const raceLost = new Error('deposit key raced');
      const row = await db
        .transaction(async (trx) => {
          // The member's own limits and exclusion, decided under its protection row's lock (one order at a time).
          await checkDeposit(trx as unknown as Database, member.id, body.amount, at);
          const opened = await provider.createPayment(trx as unknown as Database, {
            merchantCode: merchant.code,
            orderNo: no,
            amount: body.amount,
            currencyCode: merchant.currencyCode,
            returnUrl: `/m/voucherCenter?orderNo=${no}`,
            language,
          });
          const [inserted] = await trx
            .insert(deposits)
            .values({
              orderNo: no,
              merchantCode: merchant.code,
              memberId: member.id,
              channelCode: channel.code,
              provider: provider.code,
              amount: body.amount,
              bonus,
              promotionId,
              status: 'pending',
              idempotencyKey: body.idempotencyKey,
              requestHash,
              payUrl: opened.payUrl,
              providerRef: opened.providerRef,
              createdAt: at,
            })
            .onConflictDoNothing({ target: [deposits.memberId, deposits.idempotencyKey] })
            .returning();
          if (!inserted) throw raceLost;
          return inserted;
        })
        .catch((error: unknown) => {
          if (error === raceLost) return null;
          throw error;
        });
      if (row) return depositView(row);
      // The same key won a race: answer as a replay.
      const raced = await replay();
      if (!raced) throw new Error('deposit vanished');
      return raced;
    },

    async depositStatus({ member }: MemberContext, no: string): Promise<DepositOrder> {
      const [row] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.orderNo, no), eq(deposits.memberId, member.id)))
        .limit(1);
      if (!row) throw new AppError(404, errorCodes.depositNotFound, 'The deposit order does not exist.');
      return depositView(row);
    },

    /**
     * A verified gateway callback: `paid` credits the deposit (and its bonus)
     * once, `cancelled` ends a pending deposit. Repeats answer the current status.
     */
    async gatewayCallback(merchant: MerchantRow, providerCode: string, rawBody: string, signature: string | undefined, body: GatewayCallback) {
      const provider = providers.get(providerCode);
      if (!provider?.verifyCallback(rawBody, signature)) {
        throw new AppError(401, errorCodes.gatewaySignatureInvalid, 'The payment notification could not be verified.');
      }
      const [deposit] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.orderNo, body.orderNo), eq(deposits.merchantCode, merchant.code), eq(deposits.provider, providerCode)))
        .limit(1);
      if (!deposit) throw new AppError(404, errorCodes.depositNotFound, 'The deposit order does not exist.');
      if (body.status === 'cancelled') {
        if (deposit.status === 'pending') {
          await db
            .update(deposits)
            .set({ status: 'cancelled', completedAt: now() })
            .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending')));
        }
        const [after] = await db.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, deposit.id));
        return { orderNo: deposit.orderNo, status: after?.status ?? deposit.status };
      }
      if (body.amount !== deposit.amount) {
        throw new AppError(400, errorCodes.gatewayAmountMismatch, 'The paid amount does not match the order.');
      }
      if (deposit.status !== 'pending') return { orderNo: deposit.orderNo, status: deposit.status };

      await postTransaction(
        db,
        {
          merchantId: merchant.code,
          idempotencyKey: `deposit:${deposit.orderNo}`,
          kind: 'deposit',
          postings: [
            { account: { kind: 'gateway' }, amount: -deposit.amount },
            { account: { kind: 'member', memberId: deposit.memberId }, amount: deposit.amount },
          ],
          meta: { orderNo: deposit.orderNo, providerRef: body.providerRef },
        },
        {
          afterPost: async (trx, result) => {
            let bonus = deposit.bonus;
            let bonusTxId: string | null = null;
            if (bonus > 0 && deposit.promotionId !== null) {
              const [promotion] = await trx
                .select({ firstDepositOnly: depositPromotions.firstDepositOnly })
                .from(depositPromotions)
                .where(eq(depositPromotions.id, deposit.promotionId));
              if (promotion?.firstDepositOnly) {
                const [earlier] = await trx
                  .select({ n: count() })
                  .from(deposits)
                  .where(and(eq(deposits.memberId, deposit.memberId), eq(deposits.status, 'completed')));
                if ((earlier?.n ?? 0) > 0) bonus = 0;
              }
            }
            if (bonus > 0) {
              bonusTxId = (
                await postTransaction(trx, {
                  merchantId: merchant.code,
                  idempotencyKey: `deposit:${deposit.orderNo}:bonus`,
                  kind: 'bonus',
                  postings: [
                    { account: { kind: 'house' }, amount: -bonus },
                    { account: { kind: 'member', memberId: deposit.memberId }, amount: bonus },
                  ],
                  meta: { orderNo: deposit.orderNo, promotionId: deposit.promotionId },
                })
              ).transactionId;
            }
            const updated = await trx
              .update(deposits)
              .set({ status: 'completed', bonus, ledgerTxId: result.transactionId, bonusTxId, completedAt: now(), providerRef: body.providerRef })
              .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending')))
              .returning({ id: deposits.id });
            // Cancelled meanwhile: roll the credit back with the transaction.
            if (!updated.length) throw new AppError(409, errorCodes.depositNotFound, 'The deposit is no longer pending.');
          },
        },
      );
      return { orderNo: deposit.orderNo, status: 'completed' as const };
    },

    async withdrawInfo({ member, merchant }: MemberContext): Promise<WithdrawInfo> {
      const [{ balance, held }, cards, hasPassword] = await Promise.all([
        memberBalances(merchant, member.id),
        liveBankCards(db, member.id),
        passwords.has(member),
      ]);
      return {
        currency: currencyOf(merchant),
        balance,
        held,
        minAmount: withdrawalLimits.minAmount,
        maxAmount: withdrawalLimits.maxAmount,
        bankCards: cards.map(bankCardView),
        maxBankCards,
        banks: [...banks],
        hasWithdrawalPassword: hasPassword,
      };
    },

    async bankCards({ member }: MemberContext): Promise<BankCard[]> {
      return (await liveBankCards(db, member.id)).map(bankCardView);
    },

    async addBankCard({ member, merchant }: MemberContext, body: AddBankCardBody): Promise<BankCard> {
      rejectTrial(member);
      const accountNumber = body.accountNumber.replace(/[\s-]/g, '');
      const accountName = body.accountName.trim();
      if (!/^\d{6,30}$/.test(accountNumber) || !accountName) {
        throw new AppError(400, errorCodes.bankCardInvalid, 'Please enter a valid bank account number (6 to 30 digits).');
      }
      if (!(banks as readonly string[]).includes(body.bankName)) throw AppError.invalid('Unknown bank.');
      if ((await liveBankCardCount(db, member.id)) >= maxBankCards) throw new AppError(409, errorCodes.bankCardLimit, 'You cannot add more bank cards.');
      try {
        const [card] = await db
          .insert(bankCards)
          .values({ merchantCode: merchant.code, memberId: member.id, bankName: body.bankName, accountName, accountNumber, createdAt: now() })
          .returning();
        if (!card) throw new Error('bank card not stored');
        return bankCardView(card);
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError(409, errorCodes.bankCardExists, 'This bank card has already been added.');
        throw error;
      }
    },

    async createWithdrawal({ member, merchant }: MemberContext, body: CreateWithdrawalBody): Promise<Withdrawal> {
      rejectTrial(member);
      const requestHash = sha256(JSON.stringify([body.bankCardId, body.amount]));
      const replay = async () => {
        const found = await findWithdrawalWithCard(
          and(eq(withdrawals.memberId, member.id), eq(withdrawals.idempotencyKey, body.idempotencyKey)) as ReturnType<typeof eq>,
        );
        if (!found) return null;
        if (found.w.requestHash !== requestHash) throw new IdempotencyConflictError(body.idempotencyKey);
        return withdrawalView(found.w, found.card);
      };
      const first = await replay();
      if (first) return first;
      // KYCWITHDRAW3: a new withdrawal needs an approved identity check (403 kyc.required, nothing held).
      await assertKycForWithdrawal(db, member, merchant);
      if (body.amount < withdrawalLimits.minAmount || body.amount > withdrawalLimits.maxAmount) {
        throw outOfRange(withdrawalLimits.minAmount, withdrawalLimits.maxAmount);
      }
      const [card] = await db
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.id, body.bankCardId), eq(bankCards.memberId, member.id), liveCard))
        .limit(1);
      if (!card) throw bankCardNotFound(400);
      await passwords.verify(member, body.withdrawalPassword);

      const at = now();
      const no = orderNo('W', at);
      const result = await postTransaction(
        db,
        {
          merchantId: merchant.code,
          idempotencyKey: `withdraw:${member.id}:${body.idempotencyKey}`,
          kind: 'withdraw.hold',
          postings: [
            { account: { kind: 'member', memberId: member.id }, amount: -body.amount },
            { account: { kind: 'hold', memberId: member.id }, amount: body.amount },
          ],
          meta: { orderNo: no },
        },
        {
          afterPost: async (trx, posted) => {
            // Removed meanwhile (bank-cards.ts): the hold is rolled back with the transaction.
            if (!(await lockLiveBankCard(trx, member.id, card.id))) throw bankCardNotFound(400);
            await trx.insert(withdrawals).values({
              orderNo: no,
              merchantCode: merchant.code,
              memberId: member.id,
              bankCardId: card.id,
              amount: body.amount,
              status: 'pending',
              idempotencyKey: body.idempotencyKey,
              requestHash,
              holdTxId: posted.transactionId,
              createdAt: at,
            });
          },
        },
      );
      if (result.replayed) {
        const raced = await replay();
        if (raced) return raced;
      }
      const stored = await findWithdrawalWithCard(eq(withdrawals.holdTxId, result.transactionId));
      if (!stored) throw new Error('withdrawal not stored');
      return withdrawalView(stored.w, stored.card);
    },

    async withdrawalStatus({ member }: MemberContext, no: string): Promise<Withdrawal> {
      const found = await findWithdrawalWithCard(
        and(eq(withdrawals.orderNo, no), eq(withdrawals.memberId, member.id)) as ReturnType<typeof eq>,
      );
      if (!found) throw new AppError(404, errorCodes.withdrawalNotFound, 'The withdrawal order does not exist.');
      return withdrawalView(found.w, found.card);
    },

    /** Withdrawals of a merchant for the operator, newest first. */
    async listWithdrawals(merchantCode: string, status: WithdrawalRow['status'] | 'all', limit = 100) {
      const where =
        status === 'all'
          ? eq(withdrawals.merchantCode, merchantCode)
          : and(eq(withdrawals.merchantCode, merchantCode), eq(withdrawals.status, status));
      return db
        .select({ w: withdrawals, card: bankCards })
        .from(withdrawals)
        .innerJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit);
    },

    /**
     * The operator's decision on a pending withdrawal (by order number or id):
     * approve pays the hold out to the gateway, reject returns it to the
     * member's wallet. Deciding again the same way changes nothing; the
     * other way is 409.
     */
    async decideWithdrawal(merchantCode: string, ref: string, decision: 'approved' | 'rejected') {
      const byId = /^\d{1,15}$/.test(ref) ? eq(withdrawals.id, Number(ref)) : undefined;
      const found = await findWithdrawalWithCard(
        and(eq(withdrawals.merchantCode, merchantCode), byId ? or(byId, eq(withdrawals.orderNo, ref)) : eq(withdrawals.orderNo, ref)) as ReturnType<
          typeof eq
        >,
      );
      if (!found) throw new AppError(404, errorCodes.withdrawalNotFound, `No withdrawal ${ref}.`);
      const w = found.w;
      if (w.status === decision) return found;
      if (w.status !== 'pending') throw new AppError(409, errorCodes.withdrawalDecided, `Withdrawal ${w.orderNo} is already ${w.status}.`);
      const target = decision === 'approved' ? ({ kind: 'gateway' } as const) : ({ kind: 'member', memberId: w.memberId } as const);
      try {
        await postTransaction(
          db,
          {
            merchantId: merchantCode,
            idempotencyKey: `withdraw:${w.orderNo}:decision`,
            kind: decision === 'approved' ? 'withdraw.pay' : 'withdraw.release',
            postings: [
              { account: { kind: 'hold', memberId: w.memberId }, amount: -w.amount },
              { account: target, amount: w.amount },
            ],
            meta: { orderNo: w.orderNo },
          },
          {
            afterPost: async (trx, posted) => {
              const updated = await trx
                .update(withdrawals)
                .set({ status: decision, settleTxId: posted.transactionId, decidedAt: now() })
                .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'pending')))
                .returning({ id: withdrawals.id });
              if (!updated.length) throw new AppError(409, errorCodes.withdrawalDecided, `Withdrawal ${w.orderNo} is no longer pending.`);
            },
          },
        );
      } catch (error) {
        if (error instanceof IdempotencyConflictError) {
          throw new AppError(409, errorCodes.withdrawalDecided, `Withdrawal ${w.orderNo} was already decided the other way.`);
        }
        throw error;
      }
      const after = await findWithdrawalWithCard(eq(withdrawals.id, w.id));
      if (!after) throw new Error('withdrawal vanished');
      return after;
    },

    passwords,
  };
}
