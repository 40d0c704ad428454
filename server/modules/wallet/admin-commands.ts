/**
 * Operator commands on withdrawals (`npm run admin -- withdrawals list|approve
 * <id>|reject <id>`): list a merchant's withdrawals, approve one (the held
 * amount is paid out to the gateway) or reject it (the held amount returns to
 * the member's wallet). Run by the admin CLI directly or through the running
 * server's admin listener, like the other operator commands
 * (server/admin/commands.ts).
 */
import { inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Database } from '../../db/connect.ts';
import { members } from '../../db/schema.ts';
import { maskAccountNumber, createWalletService } from './service.ts';
import { createWithdrawalPasswords } from './withdrawal-password.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));
const ref = z.string().check(z.regex(/^[A-Za-z0-9]{1,40}$/));

export const withdrawalListStatuses = ['pending', 'approved', 'rejected', 'all'] as const;

export const withdrawalCommandSchemas = [
  z.object({ kind: z.literal('withdrawals.list'), merchant, status: z.enum(withdrawalListStatuses) }),
  z.object({ kind: z.literal('withdrawals.approve'), merchant, id: ref }),
  z.object({ kind: z.literal('withdrawals.reject'), merchant, id: ref }),
] as const;

export type WithdrawalCommand =
  | { kind: 'withdrawals.list'; merchant: string; status: (typeof withdrawalListStatuses)[number] }
  | { kind: 'withdrawals.approve'; merchant: string; id: string }
  | { kind: 'withdrawals.reject'; merchant: string; id: string };

export interface WithdrawalAdminRow {
  id: number;
  orderNo: string;
  username: string;
  amount: number;
  status: string;
  bank: string;
  accountName: string;
  accountNumberMasked: string;
  createdAt: string;
  decidedAt: string | null;
}

export interface WithdrawalsView {
  withdrawals: WithdrawalAdminRow[];
}

export function isWithdrawalCommand(command: { kind: string }): command is WithdrawalCommand {
  return command.kind.startsWith('withdrawals.');
}

export async function executeWithdrawalCommand(db: Database, command: WithdrawalCommand): Promise<WithdrawalsView> {
  const now = () => new Date();
  const service = createWalletService({ db, now, providers: new Map(), passwords: createWithdrawalPasswords(db, now) });
  const rows =
    command.kind === 'withdrawals.list'
      ? await service.listWithdrawals(command.merchant, command.status)
      : [await service.decideWithdrawal(command.merchant, command.id, command.kind === 'withdrawals.approve' ? 'approved' : 'rejected')];
  const ids = [...new Set(rows.map((r) => r.w.memberId))];
  const names = ids.length
    ? await db.select({ id: members.id, username: members.username }).from(members).where(inArray(members.id, ids))
    : [];
  const byId = new Map(names.map((n) => [n.id, n.username]));
  return {
    withdrawals: rows.map(({ w, card }) => ({
      id: w.id,
      orderNo: w.orderNo,
      username: byId.get(w.memberId) ?? String(w.memberId),
      amount: w.amount,
      status: w.status,
      bank: card.bankName,
      accountName: card.accountName,
      accountNumberMasked: maskAccountNumber(card.accountNumber),
      createdAt: w.createdAt.toISOString(),
      decidedAt: w.decidedAt ? w.decidedAt.toISOString() : null,
    })),
  };
}

function money(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatWithdrawals(view: WithdrawalsView): string {
  if (!view.withdrawals.length) return '(no withdrawals)';
  return view.withdrawals
    .map(
      (w) =>
        `${w.orderNo}  #${w.id}  ${w.status.padEnd(8)}  ${money(w.amount).padStart(12)}  ${w.username}  ${w.bank} ${w.accountNumberMasked} (${w.accountName})  ${w.createdAt}${w.decidedAt ? `  decided ${w.decidedAt}` : ''}`,
    )
    .join('\n');
}
