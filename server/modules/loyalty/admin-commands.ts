/**
 * Operator commands on the points mall (`npm run admin -- mall ...`): `mall
 * items` lists the merchant's rewards (disabled ones too) and its rate;
 * `mall item <id> [--points N] [--reward AMOUNT] [--enabled on|off]` changes
 * a reward (what a member already redeemed keeps the points and reward it
 * had); `mall rate <AMOUNT>` sets the turnover that earns one point, in the
 * merchant's currency like every amount the CLI takes (`mall rate 10.00`: a
 * point per ₱10 of turnover), which changes the points every member has
 * earned. Run by the admin CLI directly or through the running server's
 * admin listener, like the other operator commands (server/admin/commands.ts).
 * See docs/loyalty.md.
 */
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { MallItemNameKey } from '../../../contract/loyalty.ts';
import type { Database } from '../../db/connect.ts';
import { merchants } from '../../db/schema.ts';
import { mallItems } from '../../db/schema-loyalty.ts';
import { AppError } from '../../http/app-error.ts';
import { amountPattern, toMinorUnits } from '../promotions/admin-commands.ts';
import { mallItemRows } from './mall.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));
/** Item ids and points are PostgreSQL integers. */
const maxInt = 2_147_483_647;
const amount = z.string().check(z.regex(amountPattern));

export const mallCommandSchemas = [
  z.object({ kind: z.literal('mall.items'), merchant }),
  z.object({
    kind: z.literal('mall.item'),
    merchant,
    id: z.number().check(z.int(), z.positive(), z.maximum(maxInt)),
    points: z.optional(z.number().check(z.int(), z.positive(), z.maximum(maxInt))),
    reward: z.optional(amount),
    enabled: z.optional(z.boolean()),
  }),
  z.object({ kind: z.literal('mall.rate'), merchant, turnoverPerPoint: amount }),
] as const;

export type MallCommand = z.infer<(typeof mallCommandSchemas)[number]>;

export interface MallAdminItem {
  id: number;
  nameKey: MallItemNameKey;
  points: number;
  reward: number;
  enabled: boolean;
  sortOrder: number;
}

/** What a mall command answers: the merchant's rewards and rate (minor units), and which reward it changed. */
export interface MallView {
  mallAdmin: {
    items: MallAdminItem[];
    turnoverPerPoint: number;
    currencySymbol: string;
    minorUnits: number;
    changedItemId?: number;
  };
}

export function isMallCommand(command: { kind: string }): command is MallCommand {
  return command.kind.startsWith('mall.');
}

/** The flags of `mall item`. */
export const mallFlags = ['--points', '--reward', '--enabled'];

/** Parses `mall <action> ...` of the CLI; `positionals` is how many positional arguments it used. */
export function parseMallArgs(
  merchantCode: string,
  action: string | undefined,
  rest: string[],
  flags: Map<string, string>,
): { command: MallCommand; positionals: number } | { error: string } {
  const command = `mall ${action ?? ''}`.trim();
  const allowed = action === 'item' ? mallFlags : [];
  for (const flag of flags.keys()) if (!allowed.includes(flag)) return { error: `${flag} does not apply to "${command}"` };
  switch (action) {
    case 'items':
      return { command: { kind: 'mall.items', merchant: merchantCode }, positionals: 2 };
    case 'item': {
      const id = rest[0];
      if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > maxInt) return { error: 'mall item needs a reward id (see mall items)' };
      const points = flags.get('--points');
      const reward = flags.get('--reward');
      const enabled = flags.get('--enabled');
      if (points === undefined && reward === undefined && enabled === undefined) {
        return { error: 'mall item needs --points N, --reward AMOUNT or --enabled on|off' };
      }
      if (points !== undefined && (!/^[1-9]\d{0,9}$/.test(points) || Number(points) > maxInt)) return { error: `Invalid --points "${points}" (a whole number from 1)` };
      if (reward !== undefined && (!amountPattern.test(reward) || !/[1-9]/.test(reward))) return { error: `Invalid --reward "${reward}" (an amount such as 10.00)` };
      if (enabled !== undefined && enabled !== 'on' && enabled !== 'off') return { error: `Invalid --enabled "${enabled}" (on or off)` };
      return {
        command: {
          kind: 'mall.item',
          merchant: merchantCode,
          id: Number(id),
          ...(points !== undefined ? { points: Number(points) } : {}),
          ...(reward !== undefined ? { reward } : {}),
          ...(enabled !== undefined ? { enabled: enabled === 'on' } : {}),
        },
        positionals: 3,
      };
    }
    case 'rate': {
      const rate = rest[0];
      if (!rate || !amountPattern.test(rate) || !/[1-9]/.test(rate)) return { error: 'mall rate needs the turnover that earns one point, an amount such as 10.00' };
      return { command: { kind: 'mall.rate', merchant: merchantCode, turnoverPerPoint: rate }, positionals: 3 };
    }
    default:
      return { error: action ? `Unknown command "${command}"` : 'mall needs a command (items, item, rate)' };
  }
}

/** An amount of the command in minor units: 400 unless it is above 0 with no more decimals than the currency has. */
function positiveMinorUnits(value: string, minorUnits: number, what: string): number {
  const minor = toMinorUnits(value, minorUnits);
  if (!Number.isSafeInteger(minor) || minor <= 0) throw AppError.invalid(`${what} must be more than 0.`);
  return minor;
}

export async function executeMallCommand(db: Database, command: MallCommand): Promise<MallView> {
  const [row] = await db
    .select({ minorUnits: merchants.minorUnits, currencySymbol: merchants.currencySymbol, rate: merchants.mallTurnoverPerPoint })
    .from(merchants)
    .where(eq(merchants.code, command.merchant))
    .limit(1);
  if (!row) throw new AppError(404, errorCodes.merchantUnknown, `Unknown merchant ${command.merchant}.`);
  let turnoverPerPoint = row.rate;
  let changedItemId: number | undefined;
  if (command.kind === 'mall.item') {
    const patch = {
      ...(command.points !== undefined ? { points: command.points } : {}),
      ...(command.reward !== undefined ? { reward: positiveMinorUnits(command.reward, row.minorUnits, 'The reward') } : {}),
      ...(command.enabled !== undefined ? { enabled: command.enabled } : {}),
    };
    if (!Object.keys(patch).length) throw AppError.invalid('Nothing to change: give --points, --reward or --enabled.');
    const updated = await db
      .update(mallItems)
      .set(patch)
      .where(and(eq(mallItems.id, command.id), eq(mallItems.merchantCode, command.merchant)))
      .returning({ id: mallItems.id });
    if (!updated.length) throw new AppError(404, errorCodes.mallItemNotFound, `No reward #${command.id} (see mall items).`);
    changedItemId = command.id;
  }
  if (command.kind === 'mall.rate') {
    turnoverPerPoint = positiveMinorUnits(command.turnoverPerPoint, row.minorUnits, 'The turnover of a point');
    await db.update(merchants).set({ mallTurnoverPerPoint: turnoverPerPoint, updatedAt: sql`now()` }).where(eq(merchants.code, command.merchant));
  }
  const items = (await mallItemRows(db, command.merchant, { enabledOnly: false })).map(({ id, nameKey, points, reward, enabled, sortOrder }) => ({
    id,
    nameKey,
    points,
    reward,
    enabled,
    sortOrder,
  }));
  return {
    mallAdmin: {
      items,
      turnoverPerPoint,
      currencySymbol: row.currencySymbol,
      minorUnits: row.minorUnits,
      ...(changedItemId !== undefined ? { changedItemId } : {}),
    },
  };
}

function money(minor: number, symbol: string, minorUnits: number): string {
  const scale = 10 ** minorUnits;
  const whole = Math.floor(minor / scale).toLocaleString('en-US');
  return `${symbol}${minorUnits ? `${whole}.${String(minor % scale).padStart(minorUnits, '0')}` : whole}`;
}

/** The CLI's text: the rate, then a reward a line (the changed one marked). */
export function formatMall(view: MallView): string {
  const { items, turnoverPerPoint, currencySymbol, minorUnits, changedItemId } = view.mallAdmin;
  const head = `1 point per ${money(turnoverPerPoint, currencySymbol, minorUnits)} of turnover (${turnoverPerPoint} minor units)`;
  if (!items.length) return `${head}\n(no rewards)`;
  const lines = items.map(
    (i) =>
      `${i.id === changedItemId ? '*' : ' '}#${String(i.id).padEnd(4)} ${i.nameKey.padEnd(13)} ${`${i.points.toLocaleString('en-US')} points`.padStart(14)}  ${money(i.reward, currencySymbol, minorUnits).padStart(12)}  ${i.enabled ? 'on' : 'off'}`,
  );
  return [head, ...lines].join('\n');
}
