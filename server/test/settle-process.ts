/**
 * A settlement run as a process of its own, for the tests that kill one
 * (server/modules/agent/settlement-crash.test.ts): opens the database of
 * DATABASE_URL (or the PGlite data directory DATA_DIR), settles the contract
 * kind's period given as arguments, and prints each payout as a JSON line the
 * moment it is settled, so the test knows how far it got when it kills it.
 *
 *   node --import tsx server/test/settle-process.ts salary 2026-11-19
 */
import { contractKinds, type ContractKind } from '../../contract/agent-contracts.ts';
import { openDatabase } from '../db/connect.ts';
import { settleContracts } from '../modules/agent/settlement.ts';

const [kind, period] = process.argv.slice(2);
if (!kind || !(contractKinds as readonly string[]).includes(kind) || !period) {
  process.stderr.write('usage: settle-process.ts <salary|hourly|dividend> <period>\n');
  process.exit(2);
}
const handle = process.env.DATABASE_URL ? await openDatabase({ databaseUrl: process.env.DATABASE_URL }) : await openDatabase({ dataDir: process.env.DATA_DIR as string });
try {
  await settleContracts(handle.db, kind as ContractKind, period, {
    now: new Date(),
    onSettled: (settled) => process.stdout.write(`${JSON.stringify(settled)}\n`),
  });
} finally {
  await handle.close();
}
