/**
 * The engines of the stepped games: rounds that take several decisions of the
 * player (HiLo, Video Poker, Blackjack). No state is kept between requests:
 * the server replays a round from its provably fair stream and the actions
 * sent so far, so everything here is a deterministic function of
 * (source, actions). Cards are drawn from the stream only when they are
 * revealed in the order of play (HiLo, Blackjack) or, for Video Poker, as the
 * first ten cards of one shuffled deck.
 *
 * Cards are integers 0..51: rank = card % 13 (0 ace, 1 two, ..., 9 ten,
 * 10 jack, 11 queen, 12 king), suit = floor(card / 13) (0 clubs, 1 diamonds,
 * 2 hearts, 3 spades). Multipliers are basis points (10000 = the stake back).
 *
 * RTPs: HiLo 97 % (the edge is applied once, at cash-out), Video Poker
 * 97.30 % with perfect play (8/5 Jacks or Better), Blackjack with the best
 * hit/stand play: blackjackBestPlayRtp().
 */
import { type SteppedEngineName as SteppedEngine, type StepActionName, stepActionNames } from '../../../contract/play.ts';
import { type RandomSource, uniformInt } from './fair-random.ts';

export interface StepAction {
  action: StepActionName;
  /** videopoker 'draw': positions 0..4 of the cards kept, ascending, distinct */
  holds?: number[];
}

export interface SteppedState {
  done: boolean;
  /** When done: the round's payout multiplier (bp). While open: what a cash-out pays now (hilo), else 0. */
  multiplierBp: number;
  /** What the player may see now: while open it holds no card not yet revealed; when done, everything. Plain JSON. */
  view: Record<string, unknown>;
  /** The actions the player may send now (empty when done). */
  allowed: StepActionName[];
}

type Invalid = { invalid: string };

/** One round being replayed: its state now, and the effect of one more action (already checked against `allowed`). */
interface Round {
  state(): SteppedState;
  apply(action: StepAction): Invalid | undefined;
  /** Why an action that is not allowed now is refused, when the round says more than the list of allowed actions. */
  refusal?(action: StepActionName): string;
}

const rankOf = (card: number) => card % 13;
const drawCard = (source: RandomSource) => uniformInt(source, 52);

// ------------------------------------------------------------------- hilo

export const hiloRules = { maxMultiplierBp: 100_000_000, maxSkips: 52, rtpBp: 9_700 } as const;

/**
 * HiLo's RTP: every call is fair (a call winning with count/13 pays 13/count,
 * so each call keeps the expected running product at 1), and the 3 % edge is
 * applied once, at cash-out. Flooring the cash-out to whole basis points
 * makes the real figure less by under 0.0001. A cash-out before any right
 * call returns the stake (not 97 %), see HiloRound.
 */
export function hiloTheoreticalRtp(): number {
  return hiloRules.rtpBp / 10_000;
}

interface HiloStep {
  card: number;
  call: 'higher' | 'lower' | 'skip';
  next: number;
  /** Whether the call was right; false for a skip (nothing is won or lost). */
  won: boolean;
}

/**
 * A HiLo round. 'cashout' is allowed at any time while the round is open:
 * after at least one right call it pays floor(9700 * product) bp; with no
 * right call yet it returns the stake (10000 bp), which is also how an
 * abandoned round with no call is finished.
 */
class HiloRound implements Round {
  private current: number;
  private num = 1n;
  private den = 1n;
  private calls = 0;
  private skips = 0;
  private readonly history: HiloStep[] = [];
  private done = false;
  private won = false;
  private cashedOut = false;
  private finalBp = 0;

  constructor(private readonly source: RandomSource) {
    this.current = drawCard(source);
  }

  /** How many of the 13 ranks win a call from the current card. */
  private winning(call: 'higher' | 'lower'): number {
    const rank = rankOf(this.current);
    return call === 'higher' ? 12 - rank : rank;
  }

  private cashOutBp(): number {
    return this.calls === 0 ? 10_000 : Number((9_700n * this.num) / this.den);
  }

  private callAllowed(call: 'higher' | 'lower'): boolean {
    const count = this.winning(call);
    if (count === 0) return false;
    return (9_700n * this.num * 13n) / (this.den * BigInt(count)) <= BigInt(hiloRules.maxMultiplierBp);
  }

  private allowed(): StepActionName[] {
    if (this.done) return [];
    const allowed: StepActionName[] = [];
    if (this.callAllowed('higher')) allowed.push('higher');
    if (this.callAllowed('lower')) allowed.push('lower');
    if (this.skips < hiloRules.maxSkips) allowed.push('skip');
    allowed.push('cashout');
    return allowed;
  }

  refusal(action: StepActionName): string {
    return hiloRefusal(action, this.current, this.allowed());
  }

  apply(step: StepAction): Invalid | undefined {
    switch (step.action) {
      case 'higher':
      case 'lower': {
        const count = this.winning(step.action);
        const next = drawCard(this.source);
        const diff = rankOf(next) - rankOf(this.current);
        const won = step.action === 'higher' ? diff > 0 : diff < 0;
        this.history.push({ card: this.current, call: step.action, next, won });
        this.current = next;
        if (won) {
          this.num *= 13n;
          this.den *= BigInt(count);
          this.calls += 1;
        } else {
          this.done = true;
          this.finalBp = 0;
        }
        return undefined;
      }
      case 'skip': {
        const next = drawCard(this.source);
        this.history.push({ card: this.current, call: 'skip', next, won: false });
        this.current = next;
        this.skips += 1;
        return undefined;
      }
      default: {
        this.finalBp = this.cashOutBp();
        this.done = true;
        this.cashedOut = true;
        this.won = this.calls > 0;
        return undefined;
      }
    }
  }

  state(): SteppedState {
    const rank = rankOf(this.current);
    const view: Record<string, unknown> = {
      card: this.current,
      history: this.history.map((h) => ({ ...h })),
      calls: this.calls,
      multiplierBp: this.done ? this.finalBp : this.cashOutBp(),
      chances: { higher: 12 - rank, lower: rank },
    };
    if (this.done) Object.assign(view, { won: this.won, cashedOut: this.cashedOut });
    return { done: this.done, multiplierBp: this.done ? this.finalBp : this.cashOutBp(), view, allowed: this.allowed() };
  }
}

function hiloRefusal(action: StepActionName, current: number, allowed: StepActionName[]): string {
  const rank = rankOf(current);
  if (action === 'higher' && rank === 12) return 'Nothing is higher than a king: call lower, skip or cash out.';
  if (action === 'lower' && rank === 0) return 'Nothing is lower than an ace: call higher, skip or cash out.';
  if (action === 'higher' || action === 'lower') return 'That call would take the win over the 10,000x cap: cash out.';
  if (action === 'skip') return `A round may skip at most ${hiloRules.maxSkips} cards.`;
  return `HiLo takes ${allowed.join(', ')} now.`;
}

// ------------------------------------------------------------- video poker

export type VideoPokerHand =
  | 'royalFlush'
  | 'straightFlush'
  | 'fourOfAKind'
  | 'fullHouse'
  | 'flush'
  | 'straight'
  | 'threeOfAKind'
  | 'twoPair'
  | 'jacksOrBetter'
  | 'nothing';

/** 8/5 Jacks or Better (the 4000-coin royal): what each hand pays, in stakes (1 = the stake back). */
export const videoPokerPays: Record<VideoPokerHand, number> = {
  royalFlush: 800,
  straightFlush: 50,
  fourOfAKind: 25,
  fullHouse: 8,
  flush: 5,
  straight: 4,
  threeOfAKind: 3,
  twoPair: 2,
  jacksOrBetter: 1,
  nothing: 0,
};

/** The standard published RTP of 8/5 Jacks or Better with the 4000-coin royal and perfect play: 97.30 %. */
export const videoPokerBestPlayRtp = 0.973;

export const videoPokerRules = { cards: 5, shuffled: 10 } as const;

/** Ranks 10, J, Q, K and A as bits of a rank mask. */
const royalMask = (1 << 0) | (1 << 9) | (1 << 10) | (1 << 11) | (1 << 12);
const rankCounts = new Int8Array(13);

function handOfFive(a: number, b: number, c: number, d: number, e: number): VideoPokerHand {
  rankCounts.fill(0);
  let mask = 0;
  for (const card of [a, b, c, d, e]) {
    const rank = card % 13;
    rankCounts[rank]! += 1;
    mask |= 1 << rank;
  }
  const suit = Math.floor(a / 13);
  const flush = Math.floor(b / 13) === suit && Math.floor(c / 13) === suit && Math.floor(d / 13) === suit && Math.floor(e / 13) === suit;
  let pairs = 0;
  let highPair = false;
  let most = 0;
  for (let rank = 0; rank < 13; rank++) {
    const count = rankCounts[rank]!;
    if (count > most) most = count;
    if (count === 2) {
      pairs += 1;
      if (rank === 0 || rank >= 10) highPair = true;
    }
  }
  if (most === 1) {
    const low = mask & -mask;
    const straight = mask / low === 0b11111 || mask === royalMask;
    if (straight && flush) return mask === royalMask ? 'royalFlush' : 'straightFlush';
    if (flush) return 'flush';
    if (straight) return 'straight';
    return 'nothing';
  }
  if (most === 4) return 'fourOfAKind';
  if (most === 3) return pairs === 1 ? 'fullHouse' : 'threeOfAKind';
  if (pairs === 2) return 'twoPair';
  return highPair ? 'jacksOrBetter' : 'nothing';
}

/** The Jacks or Better hand of five cards (an ace is high or low in a straight). */
export function videoPokerHandOf(cards: readonly number[]): VideoPokerHand {
  if (cards.length !== 5) throw new RangeError('videoPokerHandOf: a hand has five cards');
  return handOfFive(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!);
}

let dealtCounts: Record<VideoPokerHand, number> | null = null;

/** How many of the C(52, 5) = 2,598,960 five-card hands are of each kind: full enumeration, computed once. */
export function videoPokerHandCounts(): Record<VideoPokerHand, number> {
  if (dealtCounts) return { ...dealtCounts };
  const counts = Object.fromEntries(Object.keys(videoPokerPays).map((hand) => [hand, 0])) as Record<VideoPokerHand, number>;
  for (let a = 0; a < 48; a++)
    for (let b = a + 1; b < 49; b++)
      for (let c = b + 1; c < 50; c++)
        for (let d = c + 1; d < 51; d++)
          for (let e = d + 1; e < 52; e++) counts[handOfFive(a, b, c, d, e)] += 1;
  dealtCounts = counts;
  return { ...counts };
}

/** The exact RTP of keeping the five cards dealt (no draw). */
export function videoPokerDealtRtp(): number {
  const counts = videoPokerHandCounts();
  let total = 0;
  let paid = 0;
  for (const hand of Object.keys(counts) as VideoPokerHand[]) {
    total += counts[hand];
    paid += counts[hand] * videoPokerPays[hand];
  }
  return paid / total;
}

/** The checked holds of a draw (ascending), or why they are refused. */
function checkHolds(holds: unknown): number[] | Invalid {
  const refusal = { invalid: 'Send holds: the positions 0 to 4 of the cards to keep, each at most once (an empty list draws five new cards).' };
  if (!Array.isArray(holds) || holds.length > 5) return refusal;
  if (!holds.every((h) => Number.isInteger(h) && h >= 0 && h <= 4)) return refusal;
  if (new Set(holds).size !== holds.length) return refusal;
  return [...(holds as number[])].sort((a, b) => a - b);
}

/** A video poker round: the first ten cards of one shuffled deck, 0..4 dealt, 5..9 the replacements in order. */
class VideoPokerRound implements Round {
  private readonly deck: number[];
  private final: { cards: number[]; holds: number[]; hand: VideoPokerHand } | null = null;

  constructor(source: RandomSource) {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 0; i < videoPokerRules.shuffled; i++) {
      const j = i + uniformInt(source, 52 - i);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    this.deck = deck.slice(0, videoPokerRules.shuffled);
  }

  apply(step: StepAction): Invalid | undefined {
    if (step.action !== 'draw' || this.final) return { invalid: 'Video poker takes draw now.' };
    const holds = checkHolds(step.holds);
    if ('invalid' in holds) return holds;
    let next = videoPokerRules.cards;
    const cards = this.deck.slice(0, 5).map((card, position) => (holds.includes(position) ? card : this.deck[next++]!));
    this.final = { cards, holds, hand: videoPokerHandOf(cards) };
    return undefined;
  }

  state(): SteppedState {
    const dealt = this.deck.slice(0, 5);
    if (!this.final) return { done: false, multiplierBp: 0, view: { cards: dealt }, allowed: ['draw'] };
    const pays = videoPokerPays[this.final.hand];
    return {
      done: true,
      multiplierBp: pays * 10_000,
      view: { cards: [...this.final.cards], dealt, holds: [...this.final.holds], hand: this.final.hand, pays },
      allowed: [],
    };
  }
}

// --------------------------------------------------------------- blackjack

export const blackjackRules = { blackjackPays: 25_000, winPays: 20_000, pushPays: 10_000, dealerStandsOn: 17 } as const;

/** The points of a card: ace 1 (or 11, see handValue), two to ten their number, faces 10. */
const pointsOf = (card: number) => Math.min(rankOf(card) + 1, 10);

/** A blackjack hand's total: aces count 11 when that does not bust the hand (then `soft`), else 1. */
export function handValue(cards: readonly number[]): { total: number; soft: boolean } {
  let hard = 0;
  let ace = false;
  for (const card of cards) {
    hard += pointsOf(card);
    if (rankOf(card) === 0) ace = true;
  }
  const soft = ace && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

const isNatural = (cards: readonly number[]) => cards.length === 2 && handValue(cards).total === 21;

type BlackjackOutcome = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

/** A blackjack round: continuous shuffler, hit and stand only, the dealer stands on all 17s, naturals settle at the deal. */
class BlackjackRound implements Round {
  private readonly player: number[];
  private readonly dealer: number[];
  private outcome: BlackjackOutcome | null = null;

  constructor(private readonly source: RandomSource) {
    const [p1, up, p2, hole] = [drawCard(source), drawCard(source), drawCard(source), drawCard(source)];
    this.player = [p1, p2];
    this.dealer = [up, hole];
    const player = isNatural(this.player);
    const dealer = isNatural(this.dealer);
    if (player || dealer) this.outcome = player && dealer ? 'push' : player ? 'blackjack' : 'lose';
  }

  private settle(): void {
    while (handValue(this.dealer).total < blackjackRules.dealerStandsOn) this.dealer.push(drawCard(this.source));
    const player = handValue(this.player).total;
    const dealer = handValue(this.dealer).total;
    this.outcome = dealer > 21 || player > dealer ? 'win' : player === dealer ? 'push' : 'lose';
  }

  apply(step: StepAction): Invalid | undefined {
    if (this.outcome) return { invalid: 'The round is over.' };
    if (step.action === 'stand') {
      this.settle();
      return undefined;
    }
    if (step.action !== 'hit') return { invalid: 'Blackjack takes hit or stand now.' };
    this.player.push(drawCard(this.source));
    const { total } = handValue(this.player);
    if (total > 21) this.outcome = 'bust';
    else if (total === 21) this.settle();
    return undefined;
  }

  state(): SteppedState {
    const { total: playerTotal, soft } = handValue(this.player);
    if (!this.outcome) {
      return { done: false, multiplierBp: 0, view: { player: [...this.player], dealer: [this.dealer[0]!], playerTotal, soft }, allowed: ['hit', 'stand'] };
    }
    const multiplierBp =
      this.outcome === 'blackjack'
        ? blackjackRules.blackjackPays
        : this.outcome === 'win'
          ? blackjackRules.winPays
          : this.outcome === 'push'
            ? blackjackRules.pushPays
            : 0;
    return {
      done: true,
      multiplierBp,
      view: { player: [...this.player], dealer: [...this.dealer], playerTotal, dealerTotal: handValue(this.dealer).total, outcome: this.outcome, soft },
      allowed: [],
    };
  }
}

/*
 * The best hit/stand play, computed independently of BlackjackRound (only
 * handValue is shared) so that it can check the engine. Infinite deck: each
 * card's points are independent, 1 (ace) to 9 with 1/13 each, 10 with 4/13,
 * which is exactly the engine's continuous shuffler. Returns are multiples of
 * the stake: win 2, push 1, loss 0, a player natural 2.5.
 */
const pointChance = (points: number) => (points === 10 ? 4 / 13 : 1 / 13);
const allPoints = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** (total, soft) after adding a card's points; a hand that is not soft counts any ace as 1 from then on. */
function addPoints(total: number, soft: boolean, points: number): { total: number; soft: boolean } {
  const hard = (soft ? total - 10 : total) + points;
  const ace = soft || points === 1;
  return ace && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

/** The dealer's final totals (17..21, 22 = bust) by up card points, given the dealer has no natural. */
const dealerFinals = new Map<number, number[]>();

function dealerFinalOf(upPoints: number): number[] {
  const known = dealerFinals.get(upPoints);
  if (known) return known;
  const from = (total: number, soft: boolean): number[] => {
    const dist = new Array<number>(23).fill(0);
    if (total > 21) dist[22] = 1;
    else if (total >= blackjackRules.dealerStandsOn) dist[total] = 1;
    else
      for (const points of allPoints) {
        const next = addPoints(total, soft, points);
        from(next.total, next.soft).forEach((p, t) => {
          dist[t]! += pointChance(points) * p;
        });
      }
    return dist;
  };
  const up = addPoints(0, false, upPoints);
  // The hole card, conditioned on no dealer natural: no ten under an ace, no ace under a ten.
  const excluded = upPoints === 1 ? 10 : upPoints === 10 ? 1 : 0;
  const mass = 1 - (excluded ? pointChance(excluded) : 0);
  const dist = new Array<number>(23).fill(0);
  for (const points of allPoints) {
    if (points === excluded) continue;
    const next = addPoints(up.total, up.soft, points);
    from(next.total, next.soft).forEach((p, t) => {
      dist[t]! += (pointChance(points) / mass) * p;
    });
  }
  dealerFinals.set(upPoints, dist);
  return dist;
}

/** Expected return of standing on `total` against the up card (the dealer has no natural). */
function standReturn(total: number, upPoints: number): number {
  if (total > 21) return 0;
  const dist = dealerFinalOf(upPoints);
  let value = 2 * dist[22]!;
  for (let t = blackjackRules.dealerStandsOn; t <= 21; t++) {
    if (t < total) value += 2 * dist[t]!;
    else if (t === total) value += dist[t]!;
  }
  return value;
}

const bestReturns = new Map<string, { stand: number; hit: number }>();

/** Expected returns of standing and of hitting (then playing best) from (total, soft) against the up card. */
function playerReturns(total: number, soft: boolean, upPoints: number): { stand: number; hit: number } {
  const key = `${upPoints}:${total}:${soft}`;
  const known = bestReturns.get(key);
  if (known) return known;
  const stand = standReturn(total, upPoints);
  let hit = 0;
  for (const points of allPoints) {
    const next = addPoints(total, soft, points);
    hit += pointChance(points) * playerValue(next.total, next.soft, upPoints);
  }
  const returns = { stand, hit };
  bestReturns.set(key, returns);
  return returns;
}

/** The value of a hand played best: bust 0, 21 stands (as the engine does), else the better of stand and hit. */
function playerValue(total: number, soft: boolean, upPoints: number): number {
  if (total > 21) return 0;
  if (total === 21) return standReturn(21, upPoints);
  const { stand, hit } = playerReturns(total, soft, upPoints);
  return Math.max(stand, hit);
}

/** Hit or stand, whichever has the higher expected return, for an open hand (the dealer has no natural). */
export function blackjackBestAction(playerCards: readonly number[], dealerUp: number): 'hit' | 'stand' {
  const { total, soft } = handValue(playerCards);
  if (total >= 21) return 'stand';
  const { stand, hit } = playerReturns(total, soft, pointsOf(dealerUp));
  return hit > stand ? 'hit' : 'stand';
}

let bestPlayRtp: number | null = null;

/** The exact RTP of the best hit/stand play (infinite deck, S17, naturals pay 3:2 and settle at the deal). */
export function blackjackBestPlayRtp(): number {
  if (bestPlayRtp !== null) return bestPlayRtp;
  let rtp = 0;
  for (const up of allPoints) {
    const dealerNatural = up === 1 ? pointChance(10) : up === 10 ? pointChance(1) : 0;
    let value = 0;
    for (const a of allPoints)
      for (const b of allPoints) {
        const chance = pointChance(a) * pointChance(b);
        const first = addPoints(0, false, a);
        const hand = addPoints(first.total, first.soft, b);
        if (hand.total === 21) value += chance * (dealerNatural * 1 + (1 - dealerNatural) * 2.5);
        else value += chance * (1 - dealerNatural) * playerValue(hand.total, hand.soft, up);
      }
    rtp += pointChance(up) * value;
  }
  bestPlayRtp = rtp;
  return rtp;
}

// --------------------------------------------------------------- dispatch

function newRound(engine: SteppedEngine, source: RandomSource): Round {
  switch (engine) {
    case 'hilo':
      return new HiloRound(source);
    case 'videopoker':
      return new VideoPokerRound(source);
    case 'blackjack':
      return new BlackjackRound(source);
  }
}

/** Replays a round: the state after `actions`, or why one of them (the first refused) is not allowed. */
export function replayStepped(engine: SteppedEngine, source: RandomSource, actions: readonly StepAction[]): SteppedState | { invalid: string } {
  const round = newRound(engine, source);
  let state = round.state();
  for (const step of actions) {
    if (state.done) return { invalid: 'The round is over.' };
    if (typeof step !== 'object' || step === null) return { invalid: 'An action is an object such as { "action": "stand" }.' };
    if (!(stepActionNames as readonly string[]).includes(step.action)) return { invalid: `Unknown action: send one of ${state.allowed.join(', ')}.` };
    if (!state.allowed.includes(step.action)) {
      return { invalid: round.refusal?.(step.action) ?? `Not allowed now: send one of ${state.allowed.join(', ')}.` };
    }
    const refused = round.apply(step);
    if (refused) return refused;
    state = round.state();
  }
  return state;
}

/** The action an abandoned round is finished with. */
export function finishAction(engine: SteppedEngine): StepAction {
  switch (engine) {
    case 'hilo':
      return { action: 'cashout' };
    case 'videopoker':
      return { action: 'draw', holds: [0, 1, 2, 3, 4] };
    case 'blackjack':
      return { action: 'stand' };
  }
}
