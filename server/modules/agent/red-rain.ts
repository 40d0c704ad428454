/**
 * Red envelope rain (POST /wps/agent/transfers, contract/agent.ts; menu key
 * AGENTRANSMULTDOWN3): the agent gives the same amount to each listed member
 * of its team, out of its own wallet, in one ledger transaction (kind
 * `agent.transfer`: the agent's wallet −amount × n, each member's +amount),
 * so it moves all or nothing: one member outside the agent's subtree (404
 * agent.member.not.found) or a wallet short of the total (409
 * wallet.balance.insufficient) moves nothing. A member listed twice is a bad
 * request (400 request.invalid).
 *
 * The ledger's idempotency key is the agent's id with the client's
 * `requestId`: the same rain sent again (also at the same time) answers the
 * first result and moves nothing more; the same requestId with other members
 * or another amount answers 409 request.idempotency.conflict (ledger.ts).
 * The ledger forgets the moved wallets' cached answers in every process
 * (wallet-answers.ts), so the agent and each member see the new balance at
 * once; each member's transaction records show the credit as an `O` record
 * of kind `agent.transfer` (records.ts).
 */
import type { RedRainBody, RedRainResult } from '../../../contract/agent.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow, MerchantRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { accountKey, findTransaction, postTransaction } from '../wallet/ledger.ts';
import { agentWith, requireTeamMembers } from './access.ts';

export const agentTransferKind = 'agent.transfer';

/** The ledger key of an agent's rain: unique per agent and client request id. */
export const redRainKeyOf = (agentId: number, requestId: string) => `agent-transfer:${agentId}:${requestId}`;

export async function redRain(db: Database, agent: MemberRow, merchant: MerchantRow, body: RedRainBody): Promise<RedRainResult> {
  agentWith(agent, merchant, 'AGENTRANSMULTDOWN3');
  const memberIds = body.memberIds;
  if (new Set(memberIds).size !== memberIds.length) {
    throw new AppError(400, errorCodes.invalidRequest, 'Each member may be listed once.', { field: 'memberIds' });
  }
  await requireTeamMembers(db, agent.id, memberIds);
  const total = body.amount * memberIds.length;
  const agentAccount = { kind: 'member', memberId: agent.id } as const;
  const idempotencyKey = redRainKeyOf(agent.id, body.requestId);
  let balance: number | undefined;
  const posted = await postTransaction(
    db,
    {
      merchantId: merchant.code,
      idempotencyKey,
      kind: agentTransferKind,
      postings: [
        { account: agentAccount, amount: -total },
        ...memberIds.map((memberId) => ({ account: { kind: 'member', memberId } as const, amount: body.amount })),
      ],
      meta: { agentId: agent.id, requestId: body.requestId, memberCount: memberIds.length },
    },
    {
      afterPost: async (_trx, result) => {
        balance = result.balances.get(accountKey(agentAccount));
      },
    },
  );
  if (posted.replayed || balance === undefined) {
    // A replay: the agent's balance right after the first rain.
    const first = await findTransaction(db, merchant.code, idempotencyKey);
    balance = first?.postings.find((p) => p.account === accountKey(agentAccount))?.balanceAfter;
  }
  if (balance === undefined) throw new Error(`The agent's posting of ${posted.transactionId} is missing`);
  return { transactionId: posted.transactionId, members: memberIds.length, total, balance };
}
