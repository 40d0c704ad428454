/**
 * Game pages (`/play/<token>`): the round calls of a launched game session and
 * the provably fair verification. The page is served by the server as
 * standalone HTML (not the SPA); these schemas are shared by its endpoints
 * and tests. Money is integers of minor units. See docs/games-play.md.
 */
import * as z from 'zod/mini';
import { plainText } from './endpoint.ts';

/** The in-house (BGS) engines (docs/games-play.md lists each with its games and RTP); wheel is also the local vendor sandbox's game. */
export const engineNames = ['slot', 'dice', 'crash', 'plinko', 'keno', 'coinflip', 'double', 'wheel', 'mines', 'tower', 'roulette', 'baccarat', 'diamonds', 'ladder', 'penalty', 'cryptos', 'twist', 'hilo', 'videopoker', 'blackjack'] as const;
export type EngineName = (typeof engineNames)[number];
/** The engines whose rounds anyone can recompute from the revealed seed (the in-house ones). */
export const fairEngineNames = ['slot', 'dice', 'crash', 'plinko', 'keno', 'coinflip', 'double', 'wheel', 'mines', 'tower', 'roulette', 'baccarat', 'diamonds', 'ladder', 'penalty', 'cryptos', 'twist', 'hilo', 'videopoker', 'blackjack'] as const;

/**
 * The engines whose round takes the player's decisions after the deal (a stepped round): the round starts with the
 * stake taken and stays open, answering each action (POST /play/<token>/round/<roundId>/action), until it ends and
 * pays. The server keeps no state but the actions: each answer replays the round from its seed.
 */
export const steppedEngineNames = ['hilo', 'videopoker', 'blackjack'] as const;
export type SteppedEngineName = (typeof steppedEngineNames)[number];
export const isSteppedEngine = (engine: string): engine is SteppedEngineName => (steppedEngineNames as readonly string[]).includes(engine);
/** HiLo: higher, lower, skip, cashout; Video Poker: draw (with the positions held); Blackjack: hit, stand. */
export const stepActionNames = ['higher', 'lower', 'skip', 'cashout', 'draw', 'hit', 'stand'] as const;
export type StepActionName = (typeof stepActionNames)[number];

/** Plinko: rows of pins and risk levels; a round without them drops through 8 rows at low risk. */
export const plinkoRowChoices = [8, 12, 16] as const;
export const plinkoRisks = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof plinkoRisks)[number];
export const plinkoDefaults = { rows: 8, risk: 'low' } as const;

/** Coin Flip and Double: what the player calls (a round without a call takes the first). */
export const engineChoices = {
  coinflip: ['heads', 'tails'],
  double: ['red', 'black', 'green'],
  roulette: ['red', 'black', 'odd', 'even', 'low', 'high', 'number'],
  baccarat: ['player', 'banker', 'tie'],
  ladder: ['left', 'right', 'three', 'four', 'odd', 'even'],
  cryptos: ['up', 'down'],
} as const;
export const choiceNames = [
  'heads',
  'tails',
  'red',
  'black',
  'green',
  'odd',
  'even',
  'low',
  'high',
  'number',
  'player',
  'banker',
  'tie',
  'left',
  'right',
  'three',
  'four',
  'up',
  'down',
] as const;

/**
 * Ladder: the ladder starts on the left or the right (even chances), has 3 or 4 rungs (even chances) and ends odd
 * or even by those two (left with 3 rungs ends even, left with 4 odd, right with 3 odd, right with 4 even); a call
 * on the start, the rungs or the end pays 1.94x.
 */
export const ladderRules = { pays: 194 } as const;

/**
 * Penalty Goal: the goal is 6 zones (0..2 the top row left to right, 3..5 the bottom row); the player shoots at one
 * (the round's `target`) and the keeper covers 2, 3 or 4 zones by the risk, drawn at random; a goal pays by risk.
 */
export const penaltyRules = { zones: 6, keeper: { low: 2, medium: 3, high: 4 }, pays: { low: 145, medium: 194, high: 291 } } as const;

/** Cryptos: the price moves 15 ticks, each one up or down with even chances; a right call on where it ends pays 1.94x. */
export const cryptosRules = { ticks: 15, pays: 194 } as const;

/**
 * Twist: a wheel of 20 segments, twisted once; the risk chooses the wheel (hundredths of the stake each segment
 * pays, in the wheel's order). Every wheel returns 97 %.
 */
export const twistRules = {
  low: [150, 0, 150, 150, 0, 150, 140, 0, 150, 150, 0, 150, 150, 0, 150, 150, 0, 150, 0, 150],
  medium: [0, 300, 0, 135, 0, 0, 300, 0, 135, 0, 500, 0, 135, 0, 0, 300, 0, 135, 0, 0],
  high: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1_940, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
} as const;

/**
 * Mini Baccarat: one 52-card deck shuffled per round, the punto banco drawing rules; Player pays 2x, Banker 1.95x
 * (a 5 % commission), Tie 9x; a tie returns the Player and Banker stakes.
 */
/** Diamonds: 5 gems of 7 colours, each colour equally likely; the hand pays (hundredths) by its kind. */
export const diamondsRules = {
  gems: 5,
  colours: 7,
  pays: { five: 5_000, four: 500, fullHouse: 400, three: 300, twoPair: 200, pair: 10, none: 0 },
} as const;
export type DiamondsHand = keyof typeof diamondsRules.pays;

export const baccaratRules = { pays: { player: 200, banker: 195, tie: 900 } } as const;

/**
 * Mini Roulette: 13 pockets, 0 (green) and 1..12, red 1 4 5 8 9 12, black 2 3 6 7 10 11; a bet on a number (the
 * round's `target`, 0..12) pays 12x, on red, black, odd, even, low (1–6) or high (7–12) 2x; 0 loses those.
 */
export const rouletteRules = { pockets: 13, red: [1, 4, 5, 8, 9, 12], numberPays: 1_200, evenPays: 200 } as const;
export type ChoiceName = (typeof choiceNames)[number];

/**
 * Mines: 25 tiles hide 1 to 24 mines; the player picks the tiles to open (numbered 0..24; at most 25 − mines, and
 * no more than keep the multiplier within 10,000x) and cashes out at the multiplier of that many safe tiles unless
 * one of them is a mine.
 */
export const minesRules = { tiles: 25, minMines: 1, maxMines: 24, defaultMines: 3, maxMultiplierBp: 100_000_000 } as const;

/**
 * Tower: 8 floors, each with one trap among 4 tiles (risk low), 3 (medium) or 2 (high); the player picks a tile
 * (0-based) on each floor it climbs, from the bottom, and cashes out at the multiplier of that many floors unless
 * one of them is the trap.
 */
export const towerRules = { floors: 8, tiles: { low: 4, medium: 3, high: 2 } } as const;

/** Keno: the player picks 1 to 10 different numbers of 1..40; 10 are drawn. */
export const kenoRules = { numbers: 40, drawn: 10, minPicks: 1, maxPicks: 10 } as const;

/** Dice targets, hundredths of the roll (1.00 .. 98.00); a round without a target rolls under 49.50. */
export const diceTargetRange = { min: 100, max: 9_800, initial: 4_950 } as const;
/** Crash cash-out targets, hundredths of the multiplier (1.01x .. 1000x); a round without a target cashes out at 2x. */
export const crashTargetRange = { min: 101, max: 100_000, initial: 200 } as const;

/** Dice: the player wins when the roll (0..9999) is under target (1 % .. 98 % chance). */
export const diceParamsSchema = z.object({ target: z.number().check(z.int(), z.minimum(diceTargetRange.min), z.maximum(diceTargetRange.max)) });
export type DiceParams = z.infer<typeof diceParamsSchema>;

/** Crash: cash out at target (hundredths, 1.01x .. 1000x). */
export const crashParamsSchema = z.object({ target: z.number().check(z.int(), z.minimum(crashTargetRange.min), z.maximum(crashTargetRange.max)) });
export type CrashParams = z.infer<typeof crashParamsSchema>;

/** Largest stake of one round, minor units. */
export const maxStake = 100_000_000;
/** Play money of a free-play session, minor units. */
export const freePlayBalance = 100_000;

export const clientSeedSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'));

export const roundBodySchema = z.object({
  stake: z.number().check(z.int(), z.minimum(1), z.maximum(maxStake)),
  /** The player's seed (in-house games); a new random one is used when absent. */
  clientSeed: z.optional(clientSeedSchema),
  /** Dice and crash: the target (see diceParamsSchema, crashParamsSchema). */
  target: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
  /** Plinko (and Tower): the risk; Plinko: the rows (see plinkoRisks, plinkoRowChoices). */
  risk: z.optional(z.enum(plinkoRisks)),
  rows: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
  /** Coin Flip, Double and Mini Roulette: the call (see engineChoices); Mini Roulette's number is the target. */
  choice: z.optional(z.enum(choiceNames)),
  /** Keno: the numbers picked (checked by the server: 1 to 10 different numbers of 1..40); Mines: the tiles to open (0..24); Tower: the tile of each floor climbed. */
  picks: z.optional(z.array(z.number().check(z.int(), z.minimum(0), z.maximum(100))).check(z.maxLength(40))),
  /** Mines: how many mines the 25 tiles hide (1 to 24; 3 when absent). Penalty Goal's zone is the target, its risk the risk; Twist's wheel is the risk. */
  mines: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
  /**
   * Idempotency key of the round, required like every money call's (the page
   * sends a `crypto.randomUUID()` per round and the same one on a retry): the
   * same key answers the first round instead of playing another; with other
   * parameters it is 409 `play.round.conflict`.
   */
  roundKey: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits, _ . : -')),
});
export type RoundBody = z.infer<typeof roundBodySchema>;

/**
 * One decision in a stepped round. `step` is how many actions the round had when the player chose this one: the
 * same step again (a retry) answers the round as it is; another action at a step already taken is 409
 * `play.round.conflict`.
 */
export const roundActionBodySchema = z.object({
  action: z.enum(stepActionNames),
  /** Video Poker's draw: the positions (0..4) of the cards kept. */
  holds: z.optional(z.array(z.number().check(z.int(), z.minimum(0), z.maximum(4))).check(z.maxLength(5))),
  step: z.number().check(z.int(), z.minimum(0), z.maximum(1_000)),
});
export type RoundActionBody = z.infer<typeof roundActionBodySchema>;

/** A stepped round's actions in a verify link: "hit,hit,stand", "draw:0-2-4". */
export const stepActionsPattern = /^[a-z]{3,8}(:[0-4](-[0-4]){0,4})?(,[a-z]{3,8}(:[0-4](-[0-4]){0,4})?){0,199}$/;

/** Reads `stepActionsPattern` text into actions (names not checked here). */
export function parseStepActions(text: string): { action: string; holds?: number[] }[] {
  return text.split(',').map((part) => {
    const [action = '', holds] = part.split(':');
    return holds === undefined ? { action } : { action, holds: holds.split('-').map(Number) };
  });
}

/** Writes actions as `stepActionsPattern` text. */
export function formatStepActions(actions: readonly { action: string; holds?: readonly number[] | undefined }[]): string {
  return actions.map((a) => (a.holds ? `${a.action}:${a.holds.join('-')}` : a.action)).join(',');
}

export const fairnessSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
});
export type Fairness = z.infer<typeof fairnessSchema>;

export const commitmentSchema = z.object({ serverSeedHash: z.string(), nonce: z.number() });

export const playRoundSchema = z.object({
  roundId: z.string(),
  engine: z.enum(engineNames),
  stake: z.number(),
  win: z.number(),
  /** Engine-specific outcome (slot grid and lines, dice roll, crash point, wheel segment). */
  outcome: z.record(z.string(), z.unknown()),
  /** In-house games: the revealed seed of the round. */
  fairness: z.nullable(fairnessSchema),
  verifyUrl: z.nullable(z.string()),
  createdAt: z.string(),
  /** A stepped round still waiting for the player: the actions it takes now and its step (see roundActionBodySchema). */
  open: z.optional(z.object({ allowed: z.array(z.enum(stepActionNames)), step: z.number() })),
});
export type PlayRound = z.infer<typeof playRoundSchema>;

/** How many of a session's rounds the game page lists. */
export const playHistoryLength = 10;

export const playStateSchema = z.object({
  game: z.object({ id: z.number(), name: z.string(), vendor: z.string(), vendorName: z.string(), engine: z.enum(engineNames) }),
  /** real: the member's wallet; free: play money of this session. */
  mode: z.enum(['real', 'free']),
  balance: z.number(),
  currency: z.object({ code: z.string(), symbol: z.string(), minorUnits: z.number() }),
  minBet: z.number(),
  /** In-house games: the commitment of the next round. */
  commitment: z.nullable(commitmentSchema),
  lastRound: z.nullable(playRoundSchema),
  /** The session's settled rounds, newest first (at most playHistoryLength); the first is lastRound. */
  recentRounds: z.array(playRoundSchema),
  /** A stepped round of this session still waiting for the player's decision. */
  openRound: z.nullable(playRoundSchema),
  lobbyUrl: z.string(),
});
export type PlayState = z.infer<typeof playStateSchema>;

export const roundResultSchema = z.object({
  round: playRoundSchema,
  balance: z.number(),
  commitment: z.nullable(commitmentSchema),
});
export type RoundResult = z.infer<typeof roundResultSchema>;

/** Anyone can recompute an in-house round from its revealed seed. */
export const verifyQuerySchema = z.object({
  engine: z.enum(fairEngineNames),
  serverSeed: plainText(128),
  serverSeedHash: z.optional(plainText(128)),
  clientSeed: clientSeedSchema,
  nonce: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  target: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
  risk: z.optional(z.enum(plinkoRisks)),
  rows: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100))),
  choice: z.optional(z.enum(choiceNames)),
  /** A stepped round's actions (stepActionsPattern). */
  actions: z.optional(z.string().check(z.maxLength(2_000), z.regex(stepActionsPattern))),
  /** Keno's picks or Mines' tiles, comma-separated ("3,7,21"). */
  picks: z.optional(z.string().check(z.maxLength(120), z.regex(/^\d{1,2}(,\d{1,2})*$/))),
  mines: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100))),
});
export type VerifyQuery = z.infer<typeof verifyQuerySchema>;

export const verifyResultSchema = z.object({
  engine: z.enum(engineNames),
  /** sha256(serverSeed) equals the given commitment (null when none was given). */
  hashMatches: z.nullable(z.boolean()),
  serverSeedHash: z.string(),
  outcome: z.record(z.string(), z.unknown()),
  /** Payout multiplier in basis points. */
  multiplierBp: z.number(),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

export const playErrorCodes = {
  sessionInvalid: 'play.session.invalid',
  roundBusy: 'play.round.busy',
  stakeInvalid: 'play.stake.invalid',
  paramsInvalid: 'play.params.invalid',
  balanceInsufficient: 'play.balance.insufficient',
  walletUnavailable: 'play.wallet.unavailable',
  /** The round key was used for a round with other parameters. */
  roundConflict: 'play.round.conflict',
  /** The round of this key could not be settled and was rolled back (the stake returned). */
  roundVoided: 'play.round.voided',
  /** A stepped round of this session is waiting for the player: finish it before another. */
  roundOpen: 'play.round.open',
  /** No round of this session with that id. */
  roundNotFound: 'play.round.notFound',
  /** The round has ended: it takes no more actions. */
  roundClosed: 'play.round.closed',
} as const;
