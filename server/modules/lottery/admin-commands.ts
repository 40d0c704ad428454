/**
 * Operator commands on the lottery (docs/lottery.md):
 * - `lottery draws <gameCode>`: the lottery's latest 20 issues (number, draw
 *   time, status, numbers, seed hash, and the seed once drawn) with its
 *   open sub-orders;
 * - `lottery draw`: runs the draw job now (the server runs it every
 *   LOTTERY_DRAW_EVERY_MS): the issues taking bets written, the due ones
 *   drawn and settled, each once.
 * Run by the admin CLI directly or through the running server's admin
 * listener, like the other operator commands (server/admin/commands.ts).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Database } from '../../db/connect.ts';
import { lotteryIssues, lotterySubOrders } from '../../db/schema-lottery.ts';
import { lotteryGame } from './games.ts';
import { type DrawResult, runDrawJob } from './settlement.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));

export const lotteryCommandSchemas = [
  z.object({ kind: z.literal('lottery.draws'), merchant, gameCode: z.string().check(z.minLength(1), z.maxLength(64)) }),
  z.object({ kind: z.literal('lottery.draw'), merchant }),
] as const;

export type LotteryCommand = z.infer<(typeof lotteryCommandSchemas)[number]>;

export interface LotteryIssueLine {
  issueNo: string;
  drawAt: string;
  status: string;
  numbers: number[];
  seedHash: string;
  seed: string | null;
  openSubOrders: number;
}

export type LotteryView = { lotteryIssues: LotteryIssueLine[] } | { lotteryDraws: DrawResult[] };

export function isLotteryCommand(command: { kind: string }): command is LotteryCommand {
  return command.kind.startsWith('lottery.');
}

export function parseLotteryArgs(
  merchantCode: string,
  action: string | undefined,
  rest: readonly string[],
): { command: LotteryCommand; positionals: number } | { error: string } {
  if (action === 'draw') return { command: { kind: 'lottery.draw', merchant: merchantCode }, positionals: 2 };
  if (action === 'draws') {
    const gameCode = rest[0];
    if (!gameCode) return { error: 'lottery draws needs a game code (e.g. lottery draws TCG_LOTTO_VN_0001)' };
    return { command: { kind: 'lottery.draws', merchant: merchantCode, gameCode }, positionals: 3 };
  }
  return { error: action ? `Unknown command "lottery ${action}"` : 'lottery needs a command (draws, draw)' };
}

export async function executeLotteryCommand(db: Database, command: LotteryCommand, now = new Date()): Promise<LotteryView> {
  if (command.kind === 'lottery.draw') return { lotteryDraws: await runDrawJob(db, now) };
  const game = await lotteryGame(db, command.merchant, command.gameCode);
  const rows = await db
    .select()
    .from(lotteryIssues)
    .where(and(eq(lotteryIssues.merchantCode, command.merchant), eq(lotteryIssues.gameCode, game.gameCode)))
    .orderBy(desc(lotteryIssues.drawAt))
    .limit(20);
  const open = rows.length
    ? await db
        .select({ issueId: lotterySubOrders.issueId, n: sql<number>`count(*)::int` })
        .from(lotterySubOrders)
        .where(and(inArray(lotterySubOrders.issueId, rows.map((r) => r.id)), eq(lotterySubOrders.status, 'open')))
        .groupBy(lotterySubOrders.issueId)
    : [];
  return {
    lotteryIssues: rows.map((r) => ({
      issueNo: r.issueNo,
      drawAt: r.drawAt.toISOString(),
      status: r.status,
      numbers: r.numbers ?? [],
      seedHash: r.seedHash,
      seed: r.status === 'drawn' ? r.seed : null,
      openSubOrders: open.find((o) => o.issueId === r.id)?.n ?? 0,
    })),
  };
}

const money = (minor: number) => (minor / 100).toFixed(2);

export function formatLottery(view: LotteryView): string {
  if ('lotteryDraws' in view) {
    if (!view.lotteryDraws.length) return 'No draw was due.';
    return view.lotteryDraws
      .map((d) => `${d.gameCode} ${d.issueNo}: ${d.numbers.join(' ')}  sub-orders ${d.subOrders}, winners ${d.winners}, paid ${money(d.paid)}`)
      .join('\n');
  }
  if (!view.lotteryIssues.length) return 'No issue yet.';
  return view.lotteryIssues
    .map((i) =>
      [
        `${i.issueNo}  draw ${i.drawAt}  ${i.status}${i.numbers.length ? `  ${i.numbers.join(' ')}` : ''}  open sub-orders ${i.openSubOrders}`,
        `  seed hash ${i.seedHash}${i.seed ? `\n  seed      ${i.seed}` : ''}`,
      ].join('\n'),
    )
    .join('\n');
}
