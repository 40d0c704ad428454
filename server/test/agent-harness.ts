/**
 * Accounts of the agency centre's HTTP tests (server/modules/agent/*.test.ts):
 * an agent made as the operator makes one (with an opening balance from the
 * house when given), the members and sub-agents it opens through open
 * account, each logged in from a client address and device of its own.
 * `tag` keeps a file's usernames apart from its other accounts'.
 */
import { openAccountEndpoint, type OpenAccountKind } from '../../contract/agent.ts';
import { loginEndpoint } from '../../contract/session.ts';
import { postTransaction } from '../modules/wallet/ledger.ts';
import type { Harness, TestClient } from './identity-harness.ts';
import { createMember, testPassword } from './wallet-harness.ts';

/** The password of the members the tests open. */
export const openedMemberPassword = 'Team#2026x';

export interface AgentAccount {
  id: number;
  username: string;
  c: TestClient;
}

export function agentAccounts(harness: () => Harness, tag: string) {
  let seq = 0;

  async function logIn(username: string, password: string): Promise<TestClient> {
    const c = harness().client({ ip: `198.51.100.${(++seq % 200) + 20}`, deviceId: `device-${tag}-${seq}` });
    c.token = (await c.sealed.call(loginEndpoint, { type: 'username', username, password })).token;
    return c;
  }

  /** A new agent (type 1 unless given) of the demo merchant with `funds` in its wallet (minor units), logged in. */
  async function agent(type = 1, funds = 0): Promise<AgentAccount> {
    const username = `${tag}agent${++seq}x`;
    const db = harness().testDb.db;
    const row = await createMember(db, username, type);
    if (funds > 0) {
      await postTransaction(db, {
        merchantId: 'DEMO',
        idempotencyKey: `agent-opening:${row.id}`,
        kind: 'adjust',
        postings: [
          { account: { kind: 'house' }, amount: -funds },
          { account: { kind: 'member', memberId: row.id }, amount: funds },
        ],
      });
    }
    return { id: row.id, username, c: await logIn(username, testPassword) };
  }

  /** Opens a member (or a sub-agent) of `parent` through open account, logged in. */
  async function opened(parent: Pick<AgentAccount, 'c'>, kind: OpenAccountKind = 'member', username = `${tag}team${++seq}m`): Promise<AgentAccount> {
    const { id, account } = await parent.c.sealed.call(openAccountEndpoint, {
      kind,
      username,
      password: openedMemberPassword,
      confirmPassword: openedMemberPassword,
    });
    return { id, username: account, c: await logIn(account, openedMemberPassword) };
  }

  return { logIn, agent, opened };
}
