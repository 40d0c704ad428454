/**
 * The money service without HTTP, for model and concurrency tests: the real
 * wallet service and local gateway on a test database, with the withdrawal
 * password check replaced (its own tests cover it) so thousands of operations
 * stay fast; the real seamless-wallet service as vendor BGS; and the checks of
 * the whole ledger and of the bets.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CreditBody, DebitBody, MovementAnswer, RollbackBody } from '../../contract/seamless.ts';
import type { Database } from '../db/connect.ts';
import { merchants, type MemberRow } from '../db/schema.ts';
import { games } from '../db/schema-catalogue.ts';
import { bankCards, type LocalGatewayPaymentRow, localGatewayPayments } from '../db/schema-wallet.ts';
import { type WalletScope, walletCredit, walletDebit, walletRollback } from '../modules/seamless/service.ts';
import { createLocalGateway, type LocalGateway } from '../modules/wallet/gateway/local-gateway.ts';
import { createWalletService, type MemberContext, type WalletService } from '../modules/wallet/service.ts';
import type { WithdrawalPasswords } from '../modules/wallet/withdrawal-password.ts';
import { createMember } from './wallet-harness.ts';

export const acceptingPasswords: WithdrawalPasswords = {
  has: async () => true,
  set: async () => {},
  reset: async () => {},
  verify: async () => {},
};

export interface WalletKit {
  db: Database;
  service: WalletService;
  gateway: LocalGateway;
  /** A new member with one bank card, and its service context. */
  newMember(username: string): Promise<{ ctx: MemberContext; member: MemberRow; cardId: number }>;
  /** Pays or cancels a deposit at the gateway and delivers the signed callback to the service; returns the callback status. */
  settleDeposit(orderNo: string, outcome: 'paid' | 'cancelled'): Promise<string>;
  /** Delivers the callback of an already decided gateway payment again. */
  redeliver(orderNo: string): Promise<string>;
}

export function createWalletKit(db: Database, passwords: WithdrawalPasswords = acceptingPasswords): WalletKit {
  const now = () => new Date();
  let merchant: typeof merchants.$inferSelect | undefined;
  const gateway = createLocalGateway({ secret: 'model-secret', now, deliver: async () => 200 });
  const service = createWalletService({ db, now, providers: new Map([[gateway.code, gateway]]), passwords });

  async function payment(orderNo: string): Promise<LocalGatewayPaymentRow> {
    const [row] = await db.select().from(localGatewayPayments).where(eq(localGatewayPayments.orderNo, orderNo));
    if (!row) throw new Error(`no gateway payment for ${orderNo}`);
    return row;
  }

  async function deliver(p: LocalGatewayPaymentRow): Promise<string> {
    const m = await demoMerchant();
    const callback = gateway.callbackOf(p);
    const result = await service.gatewayCallback(m, gateway.code, callback.rawBody, callback.signature, JSON.parse(callback.rawBody));
    return result.status;
  }

  async function demoMerchant() {
    if (!merchant) [merchant] = await db.select().from(merchants).where(eq(merchants.code, 'DEMO'));
    if (!merchant) throw new Error('no DEMO merchant');
    return merchant;
  }

  return {
    db,
    service,
    gateway,
    async newMember(username) {
      const member = await createMember(db, username);
      const [card] = await db
        .insert(bankCards)
        .values({ merchantCode: 'DEMO', memberId: member.id, bankName: 'BPI', accountName: username, accountNumber: '12345678', createdAt: now() })
        .returning();
      if (!card) throw new Error('no card');
      return { ctx: { member, merchant: await demoMerchant(), language: 'EN' }, member, cardId: card.id };
    },
    async settleDeposit(orderNo, outcome) {
      const decided = await gateway.decide(db, await payment(orderNo), outcome);
      return deliver(decided.payment);
    },
    async redeliver(orderNo) {
      return deliver(await payment(orderNo));
    },
  };
}

const rows = async (db: Database, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A member's balance and held amount, as the ledger accounts say. */
export async function memberBalances(db: Database, memberId: number): Promise<{ balance: number; held: number }> {
  const accounts = await rows(
    db,
    sql`select kind, balance from ledger_accounts where merchant_code = 'DEMO' and key in (${`member:${memberId}`}, ${`hold:${memberId}`})`,
  );
  const balances = Object.fromEntries(accounts.map((a) => [String(a.kind), Number(a.balance)]));
  return { balance: balances.member ?? 0, held: balances.hold ?? 0 };
}

/** The seamless-wallet service (what `/lgw/wallet/*` runs after the signature check) as vendor BGS of DEMO. */
export interface SeamlessKit {
  scope: WalletScope;
  /** A game of the vendor. */
  gameCode: string;
  debit(body: DebitBody): Promise<MovementAnswer>;
  credit(body: CreditBody): Promise<MovementAnswer>;
  rollback(body: RollbackBody): Promise<MovementAnswer>;
}

export async function createSeamlessKit(db: Database): Promise<SeamlessKit> {
  const scope: WalletScope = { merchantCode: 'DEMO', currency: 'PHP', vendorCode: 'BGS' };
  const [game] = await db
    .select({ code: games.gameCode })
    .from(games)
    .where(and(eq(games.merchantCode, scope.merchantCode), eq(games.vassalage, scope.vendorCode)))
    .limit(1);
  if (!game) throw new Error('no BGS game');
  return {
    scope,
    gameCode: game.code,
    debit: (body) => walletDebit(db, scope, body, new Date()),
    credit: (body) => walletCredit(db, scope, body, new Date()),
    rollback: (body) => walletRollback(db, scope, body, new Date()),
  };
}

/**
 * Bets whose ledger does not match them: no stake transaction taking exactly
 * the stake from the member; open with a settlement; settled without paying
 * exactly the win to the member; rolled back without returning exactly the
 * stake (or with a win). `memberId` limits the check to one member's bets.
 */
export async function betMismatches(db: Database, memberId?: number): Promise<number> {
  const memberMoved = (tx: ReturnType<typeof sql>) => sql`(select coalesce(sum(p.amount), 0) from ledger_postings p
    join ledger_accounts a on a.id = p.account_id where p.transaction_id = ${tx} and a.key = 'member:' || b.member_id)`;
  const [row] = await rows(
    db,
    sql`select count(*) as c from bets b where (${memberId === undefined ? sql`true` : sql`b.member_id = ${memberId}`}) and (
      b.bet_tx_id is null or ${memberMoved(sql`b.bet_tx_id`)} <> -b.stake
      or (b.status = 'open' and (b.settle_tx_id is not null or b.win <> 0))
      or (b.status = 'settled' and ${memberMoved(sql`b.settle_tx_id`)} <> b.win)
      or (b.status = 'rolled_back' and (b.win <> 0 or ${memberMoved(sql`b.settle_tx_id`)} <> b.stake)))`,
  );
  return Number(row?.c ?? 0);
}
