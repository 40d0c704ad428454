/**
 * The stepped games (HiLo, Video Poker, Blackjack): replay, refusals, hand
 * evaluation and the RTPs. The Monte Carlo checks run on the real provably
 * fair derivation (HMAC-SHA256 of a fixed seed, nonces 0..n-1), so they are
 * deterministic; their tolerance is 5 standard errors, which a correct
 * engine would exceed with a chance under 10^-6.
 */
import { describe, expect, it } from 'vitest';
import { type SteppedEngineName as SteppedEngine, steppedEngineNames } from '../../../contract/play.ts';
import { fairStream, type RandomSource } from './fair-random.ts';
import {
  blackjackBestAction,
  blackjackBestPlayRtp,
  blackjackRules,
  finishAction,
  handValue,
  hiloRules,
  hiloTheoreticalRtp,
  replayStepped,
  type StepAction,
  type SteppedState,
  type VideoPokerHand,
  videoPokerBestPlayRtp,
  videoPokerDealtRtp,
  videoPokerHandCounts,
  videoPokerHandOf,
  videoPokerPays,
} from './stepped.ts';

const serverSeed = '9a1c3e5f7b2d4a6c8e0f1b3d5a7c9e2f4b6d8a0c2e4f6b8d0a2c4e6f8b0d2a4c';
const clientSeed = 'stepped';

/** A source that returns the given values in order (a value below 52 - i is the i-th draw of a range of 52 - i as is). */
function scripted(values: readonly number[]): RandomSource {
  let i = 0;
  return {
    nextUint32() {
      if (i >= values.length) throw new Error('scripted source ran out');
      return values[i++]!;
    },
  };
}

/** The values that make the video poker shuffle put `cards` (10 distinct cards) in positions 0..9. */
function deckSource(cards: readonly number[]): RandomSource {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const values = cards.map((card, i) => {
    const j = deck.indexOf(card);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    return j - i;
  });
  return scripted(values);
}

/** Fresh sources over one nonce's fair stream, its values computed once (a round is replayed at every step). */
function cachedStream(nonce: number): () => RandomSource {
  const stream = fairStream(serverSeed, clientSeed, nonce);
  const values: number[] = [];
  return () => {
    let i = 0;
    return {
      nextUint32() {
        while (values.length <= i) values.push(stream.nextUint32());
        return values[i++]!;
      },
    };
  };
}

/** A source that counts the values drawn from it. */
function counting(source: RandomSource): RandomSource & { drawn: number } {
  const counted = {
    drawn: 0,
    nextUint32() {
      counted.drawn += 1;
      return source.nextUint32();
    },
  };
  return counted;
}

function stateOf(result: SteppedState | { invalid: string }): SteppedState {
  if ('invalid' in result) throw new Error(`refused: ${result.invalid}`);
  return result;
}

function invalidOf(result: SteppedState | { invalid: string }): string {
  expect(result).toHaveProperty('invalid');
  return (result as { invalid: string }).invalid;
}

/** Plays a round to the end with `policy`, replaying from the start at every step as the server does. */
function playRound(
  engine: SteppedEngine,
  source: () => RandomSource,
  policy: (state: SteppedState, actions: readonly StepAction[]) => StepAction,
): { state: SteppedState; actions: StepAction[]; opens: SteppedState[] } {
  const actions: StepAction[] = [];
  const opens: SteppedState[] = [];
  for (;;) {
    const state = stateOf(replayStepped(engine, source(), actions));
    if (state.done) return { state, actions, opens };
    opens.push(state);
    actions.push(policy(state, actions));
  }
}

/** Mean and standard error of multipliers (fractions of the stake). */
function summarise(sum: number, sumSquares: number, n: number) {
  const mean = sum / n;
  return { mean, standardError: Math.sqrt((sumSquares / n - mean * mean) / n) };
}

const rank = (card: number) => card % 13;
/** A card of a rank (0 ace .. 12 king) and suit (0 clubs .. 3 spades). */
const card = (r: number, suit = 0) => suit * 13 + r;

// -------------------------------------------------------------- HiLo policy

/** Call the likelier side, skip a seven, cash out after `target` right calls. */
function hiloPolicy(target: number) {
  return (state: SteppedState): StepAction => {
    const view = state.view as { card: number; calls: number };
    if (view.calls >= target) return { action: 'cashout' };
    const r = rank(view.card);
    if (r === 6 && state.allowed.includes('skip')) return { action: 'skip' };
    return { action: r <= 6 ? 'higher' : 'lower' };
  };
}

/** The exact expected return of hiloPolicy(target), worked out by ranks (independent of the engine). */
function hiloPolicyRtp(target: number): number {
  const value = (r: number, calls: number, num: bigint, den: bigint): number => {
    if (calls === target) return Number((9_700n * num) / den) / 10_000;
    if (r === 6) {
      // Skipping until the card is not a seven: the next rank is uniform over the other 12.
      let sum = 0;
      for (let next = 0; next < 13; next++) if (next !== 6) sum += value(next, calls, num, den);
      return sum / 12;
    }
    const higher = r < 6;
    const count = higher ? 12 - r : r;
    let sum = 0;
    for (let next = 0; next < 13; next++) {
      if (higher ? next > r : next < r) sum += value(next, calls + 1, num * 13n, den * BigInt(count)) / 13;
    }
    return sum;
  };
  let sum = 0;
  for (let first = 0; first < 13; first++) sum += value(first, 0, 1n, 1n) / 13;
  return sum;
}

// ---------------------------------------------------------------------- tests

describe('replay', () => {
  const policies: Record<SteppedEngine, (state: SteppedState, actions: readonly StepAction[]) => StepAction> = {
    hilo: (state, actions) => (actions.length >= 4 ? { action: 'cashout' } : hiloPolicy(3)(state)),
    videopoker: (_state, actions) => ({ action: 'draw', holds: [0, 2, 4].slice(0, actions.length + 1) }),
    blackjack: (state) => {
      const view = state.view as { player: number[]; dealer: number[] };
      return { action: blackjackBestAction(view.player, view.dealer[0]!) };
    },
  };

  it.each(steppedEngineNames)('%s: the same seed and actions replay to the same state, and open views hold no unrevealed card', (engine) => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const source = () => fairStream(serverSeed, clientSeed, nonce);
      const { state, actions, opens } = playRound(engine, source, policies[engine]);
      expect(stateOf(replayStepped(engine, source(), actions))).toEqual(state);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      expect(state.allowed).toEqual([]);
      opens.forEach((open, step) => {
        expect(stateOf(replayStepped(engine, source(), actions.slice(0, step)))).toEqual(open);
        expect(JSON.parse(JSON.stringify(open))).toEqual(open);
        const counted = counting(source());
        replayStepped(engine, counted, actions.slice(0, step));
        const view = open.view;
        if (engine === 'hilo') {
          expect(Object.keys(view).sort()).toEqual(['calls', 'card', 'chances', 'history', 'multiplierBp']);
          // Exactly the cards shown were drawn: the first, then one per call or skip (no next card is drawn ahead).
          expect(counted.drawn).toBe(1 + (view.history as unknown[]).length);
          expect(open.multiplierBp).toBe(view.multiplierBp);
        } else if (engine === 'videopoker') {
          expect(Object.keys(view)).toEqual(['cards']);
          expect(view.cards).toEqual((state.view as { dealt: number[] }).dealt);
          expect(open.multiplierBp).toBe(0);
        } else {
          expect(Object.keys(view).sort()).toEqual(['dealer', 'player', 'playerTotal', 'soft']);
          const dealer = view.dealer as number[];
          expect(dealer).toEqual([(state.view as { dealer: number[] }).dealer[0]]);
          expect(open.multiplierBp).toBe(0);
        }
      });
      // Finishing any open state with the finish action closes the round.
      for (let step = 0; step <= actions.length - 1; step++) {
        const finished = stateOf(replayStepped(engine, source(), [...actions.slice(0, step), finishAction(engine)]));
        expect(finished.done).toBe(true);
      }
    }
  });

  it('refuses actions after the end, actions not allowed now, unknown actions and bad holds', () => {
    const source = () => fairStream(serverSeed, clientSeed, 1);
    // After the end.
    expect(invalidOf(replayStepped('hilo', source(), [{ action: 'cashout' }, { action: 'cashout' }]))).toMatch(/over/);
    expect(invalidOf(replayStepped('videopoker', source(), [{ action: 'draw', holds: [] }, { action: 'draw', holds: [] }]))).toMatch(/over/);
    const bjDone = playRound('blackjack', source, () => ({ action: 'stand' }));
    expect(invalidOf(replayStepped('blackjack', source(), [...bjDone.actions, { action: 'hit' }]))).toMatch(/over/);
    // Another game's actions.
    for (const action of ['draw', 'hit', 'stand'] as const) invalidOf(replayStepped('hilo', source(), [{ action }]));
    for (const action of ['higher', 'lower', 'skip', 'cashout', 'hit', 'stand'] as const) invalidOf(replayStepped('videopoker', source(), [{ action }]));
    const openDeal = () => scripted([card(9), card(9, 1), card(5), card(7), card(4)]);
    expect(stateOf(replayStepped('blackjack', openDeal(), [])).allowed).toEqual(['hit', 'stand']);
    for (const action of ['higher', 'lower', 'skip', 'cashout', 'draw'] as const) invalidOf(replayStepped('blackjack', openDeal(), [{ action }]));
    // Unknown or malformed actions.
    invalidOf(replayStepped('hilo', source(), [{ action: 'double' } as unknown as StepAction]));
    invalidOf(replayStepped('blackjack', source(), [null as unknown as StepAction]));
    // Holds.
    for (const holds of [undefined, [5], [-1], [1, 1], [0.5], ['1'], [0, 1, 2, 3, 4, 4], 'all', {}]) {
      expect(invalidOf(replayStepped('videopoker', source(), [{ action: 'draw', holds } as unknown as StepAction]))).toMatch(/holds/);
    }
    // An earlier refused action refuses the whole list.
    invalidOf(replayStepped('hilo', source(), [{ action: 'stand' }, { action: 'cashout' }]));
  });
});

describe('hilo', () => {
  it('pays 13 / count per right call, equal ranks lose, no higher on a king nor lower on an ace', () => {
    // Ace, then a two: higher wins (12 ranks win): 9700 * 13 / 12.
    const ace = stateOf(replayStepped('hilo', scripted([card(0)]), []));
    expect(ace.allowed).toEqual(['higher', 'skip', 'cashout']);
    expect(ace.view.chances).toEqual({ higher: 12, lower: 0 });
    expect(ace.multiplierBp).toBe(10_000);
    expect(invalidOf(replayStepped('hilo', scripted([card(0)]), [{ action: 'lower' }]))).toMatch(/ace/);
    const won = stateOf(replayStepped('hilo', scripted([card(0), card(1, 2)]), [{ action: 'higher' }]));
    expect(won.done).toBe(false);
    expect(won.multiplierBp).toBe(Math.floor((9_700 * 13) / 12));
    expect(won.view).toMatchObject({ card: card(1, 2), calls: 1, history: [{ card: card(0), call: 'higher', next: card(1, 2), won: true }] });
    const cashed = stateOf(replayStepped('hilo', scripted([card(0), card(1, 2)]), [{ action: 'higher' }, { action: 'cashout' }]));
    expect(cashed).toMatchObject({ done: true, multiplierBp: 10_508, allowed: [], view: { won: true, cashedOut: true } });
    // King: only lower; a king after a king loses on lower (equal rank).
    expect(invalidOf(replayStepped('hilo', scripted([card(12)]), [{ action: 'higher' }]))).toMatch(/king/);
    const lost = stateOf(replayStepped('hilo', scripted([card(12), card(12, 3)]), [{ action: 'lower' }]));
    expect(lost).toMatchObject({ done: true, multiplierBp: 0, allowed: [], view: { won: false, cashedOut: false } });
    // Equal rank loses on higher too.
    expect(stateOf(replayStepped('hilo', scripted([card(5), card(5, 1)]), [{ action: 'higher' }])).multiplierBp).toBe(0);
    // Skip changes the card, not the product; a cash-out with no right call returns the stake.
    const skipped = stateOf(replayStepped('hilo', scripted([card(5), card(8)]), [{ action: 'skip' }, { action: 'cashout' }]));
    expect(skipped).toMatchObject({ done: true, multiplierBp: 10_000, view: { card: card(8), calls: 0, won: false, cashedOut: true } });
  });

  it('caps skips at 52 and refuses a call that would take the cash-out over 10,000x', () => {
    const skips = Array.from({ length: hiloRules.maxSkips }, () => ({ action: 'skip' }) as StepAction);
    const source = () => scripted(new Array(60).fill(card(3)));
    expect(stateOf(replayStepped('hilo', source(), skips)).allowed).toEqual(['higher', 'lower', 'cashout']);
    expect(invalidOf(replayStepped('hilo', source(), [...skips, { action: 'skip' }]))).toMatch(/52/);
    // Queen -> king three times: product 13^3 = 2197, cash-out 21,310,900 bp. A fourth higher from a queen (x13) would pass the cap.
    const cards = [card(11), card(12), card(11), card(12), card(11), card(12), card(11), card(2)];
    const actions: StepAction[] = ['higher', 'skip', 'higher', 'skip', 'higher', 'skip'].map((action) => ({ action }) as StepAction);
    const near = stateOf(replayStepped('hilo', scripted(cards), actions));
    expect(near.multiplierBp).toBe(9_700 * 2_197);
    expect(near.allowed).toEqual(['lower', 'skip', 'cashout']);
    expect(invalidOf(replayStepped('hilo', scripted(cards), [...actions, { action: 'higher' }]))).toMatch(/cap/);
    // Lower (11 ranks win, x13/11) stays under the cap.
    const lower = stateOf(replayStepped('hilo', scripted(cards), [...actions, { action: 'lower' }]));
    expect(lower.multiplierBp).toBe(Math.floor((9_700 * 2_197 * 13) / 11));
    expect(lower.multiplierBp).toBeLessThanOrEqual(hiloRules.maxMultiplierBp);
  });

  it('the likelier-side policy returns 97 % (exactly, less the flooring), and 100,000 fair rounds agree', () => {
    expect(hiloTheoreticalRtp()).toBe(0.97);
    const exact = [1, 2, 3].map(hiloPolicyRtp);
    for (const rtp of exact) {
      expect(rtp).toBeLessThanOrEqual(0.97);
      expect(rtp).toBeGreaterThan(0.97 - 1e-4);
    }
    const rounds = 100_000;
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { state } = playRound('hilo', cachedStream(nonce), hiloPolicy(1 + (nonce % 3)));
      const m = state.multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    const expected = exact.reduce((a, b) => a + b, 0) / 3;
    expect(Math.abs(mean - expected)).toBeLessThan(5 * standardError);
    expect(standardError).toBeLessThan(0.01);
  });
});

describe('video poker', () => {
  const hands: [VideoPokerHand, number[]][] = [
    ['royalFlush', [card(9, 2), card(10, 2), card(11, 2), card(12, 2), card(0, 2)]],
    ['straightFlush', [card(8, 1), card(9, 1), card(10, 1), card(11, 1), card(12, 1)]],
    ['straightFlush', [card(0, 3), card(1, 3), card(2, 3), card(3, 3), card(4, 3)]],
    ['fourOfAKind', [card(4, 0), card(4, 1), card(4, 2), card(4, 3), card(0, 1)]],
    ['fullHouse', [card(1, 0), card(1, 1), card(1, 2), card(12, 3), card(12, 1)]],
    ['flush', [card(0, 0), card(3, 0), card(5, 0), card(8, 0), card(11, 0)]],
    ['straight', [card(0, 0), card(1, 1), card(2, 2), card(3, 3), card(4, 0)]],
    ['straight', [card(9, 0), card(10, 1), card(11, 2), card(12, 3), card(0, 0)]],
    ['straight', [card(5, 0), card(6, 1), card(7, 2), card(8, 3), card(9, 0)]],
    ['nothing', [card(10, 0), card(11, 1), card(12, 2), card(0, 3), card(1, 0)]],
    ['threeOfAKind', [card(7, 0), card(7, 1), card(7, 2), card(2, 3), card(9, 1)]],
    ['twoPair', [card(2, 0), card(2, 1), card(5, 2), card(5, 3), card(9, 1)]],
    ['jacksOrBetter', [card(10, 0), card(10, 1), card(2, 2), card(5, 3), card(7, 1)]],
    ['jacksOrBetter', [card(0, 0), card(0, 1), card(2, 2), card(5, 3), card(7, 1)]],
    ['jacksOrBetter', [card(12, 0), card(12, 1), card(2, 2), card(5, 3), card(7, 1)]],
    ['nothing', [card(9, 0), card(9, 1), card(2, 2), card(5, 3), card(7, 1)]],
    ['nothing', [card(0, 0), card(2, 1), card(4, 2), card(6, 3), card(8, 1)]],
  ];

  it.each(hands)('%s: %j', (hand, cards) => {
    expect(videoPokerHandOf(cards)).toBe(hand);
    expect(videoPokerHandOf([...cards].reverse())).toBe(hand);
  });

  it('counts every five-card hand as the closed forms do, and the dealt RTP follows', () => {
    const closed: Record<VideoPokerHand, number> = {
      royalFlush: 4,
      straightFlush: 36,
      fourOfAKind: 624,
      fullHouse: 3_744,
      flush: 5_108,
      straight: 10_200,
      threeOfAKind: 54_912,
      twoPair: 123_552,
      jacksOrBetter: 337_920,
      nothing: 0,
    };
    closed.nothing = 2_598_960 - Object.values(closed).reduce((a, b) => a + b, 0);
    expect(videoPokerHandCounts()).toEqual(closed);
    const paid = (Object.keys(closed) as VideoPokerHand[]).reduce((sum, hand) => sum + closed[hand] * videoPokerPays[hand], 0);
    expect(paid).toBe(866_652);
    expect(videoPokerDealtRtp()).toBe(paid / 2_598_960);
    expect(videoPokerBestPlayRtp).toBe(0.973);
  });

  it('draw replaces exactly the positions not held, with the next cards of the same deck', () => {
    const deck = [card(0), card(0, 1), card(5, 2), card(9, 3), card(12), card(3), card(7, 1), card(0, 2), card(0, 3), card(11, 2)];
    const dealt = stateOf(replayStepped('videopoker', deckSource(deck), []));
    expect(dealt).toEqual({ done: false, multiplierBp: 0, view: { cards: deck.slice(0, 5) }, allowed: ['draw'] });
    const drawn = stateOf(replayStepped('videopoker', deckSource(deck), [{ action: 'draw', holds: [1, 0] }]));
    expect(drawn).toEqual({
      done: true,
      multiplierBp: 30_000,
      view: { cards: [card(0), card(0, 1), card(3), card(7, 1), card(0, 2)], dealt: deck.slice(0, 5), holds: [0, 1], hand: 'threeOfAKind', pays: 3 },
      allowed: [],
    });
    // Keeping all five settles the dealt hand (a pair of aces).
    const kept = stateOf(replayStepped('videopoker', deckSource(deck), [{ action: 'draw', holds: [0, 1, 2, 3, 4] }]));
    expect(kept).toMatchObject({ multiplierBp: 10_000, view: { hand: 'jacksOrBetter', cards: deck.slice(0, 5) } });

    for (let nonce = 0; nonce < 500; nonce++) {
      const source = cachedStream(nonce);
      const all = stateOf(replayStepped('videopoker', source(), [{ action: 'draw', holds: [] }])).view as { cards: number[]; dealt: number[] };
      const ten = [...all.dealt, ...all.cards];
      expect(new Set(ten).size).toBe(10);
      expect(ten.every((c) => Number.isInteger(c) && c >= 0 && c < 52)).toBe(true);
      const holds = [0, 1, 2, 3, 4].filter((p) => (nonce >> p) & 1);
      const final = stateOf(replayStepped('videopoker', source(), [{ action: 'draw', holds }])).view as { cards: number[] };
      let next = 0;
      expect(final.cards).toEqual(all.dealt.map((c, p) => (holds.includes(p) ? c : all.cards[next++])));
    }
  });

  it('200,000 fair rounds keeping the dealt five return the exact dealt RTP', () => {
    const counts = videoPokerHandCounts();
    const total = 2_598_960;
    const rtp = videoPokerDealtRtp();
    const second = (Object.keys(counts) as VideoPokerHand[]).reduce((sum, hand) => sum + (counts[hand] * videoPokerPays[hand] ** 2) / total, 0);
    const rounds = 200_000;
    // The standard error from the exact variance: the royal dominates it and may not show in the sample.
    const standardError = Math.sqrt((second - rtp * rtp) / rounds);
    let sum = 0;
    const seen = new Map<VideoPokerHand, number>();
    for (let nonce = 0; nonce < rounds; nonce++) {
      const state = stateOf(replayStepped('videopoker', fairStream(serverSeed, clientSeed, nonce), [finishAction('videopoker')]));
      sum += state.multiplierBp / 10_000;
      const hand = state.view.hand as VideoPokerHand;
      seen.set(hand, (seen.get(hand) ?? 0) + 1);
    }
    expect(Math.abs(sum / rounds - rtp)).toBeLessThan(5 * standardError);
    // Pairs of jacks or better: chance 0.13002, binomial standard error.
    const p = counts.jacksOrBetter / total;
    expect(Math.abs((seen.get('jacksOrBetter') ?? 0) / rounds - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / rounds));
  });
});

describe('blackjack', () => {
  const ten = card(9);
  it('totals hands with soft aces', () => {
    expect(handValue([card(0), card(5)])).toEqual({ total: 17, soft: true });
    expect(handValue([card(0), card(5), card(9)])).toEqual({ total: 17, soft: false });
    expect(handValue([card(0), card(0, 1)])).toEqual({ total: 12, soft: true });
    expect(handValue([card(12), card(11), card(1)])).toEqual({ total: 22, soft: false });
    expect(handValue([card(0), card(12)])).toEqual({ total: 21, soft: true });
  });

  it('settles naturals at the deal', () => {
    // Deal order: player, dealer up, player, dealer hole.
    const player = stateOf(replayStepped('blackjack', scripted([card(0), ten, card(12), card(2)]), []));
    expect(player).toEqual({
      done: true,
      multiplierBp: 25_000,
      view: { player: [card(0), card(12)], dealer: [ten, card(2)], playerTotal: 21, dealerTotal: 13, outcome: 'blackjack', soft: true },
      allowed: [],
    });
    const dealer = stateOf(replayStepped('blackjack', scripted([ten, card(0), card(8), card(11)]), []));
    expect(dealer).toMatchObject({ done: true, multiplierBp: 0, view: { dealer: [card(0), card(11)], playerTotal: 19, dealerTotal: 21, outcome: 'lose' } });
    const both = stateOf(replayStepped('blackjack', scripted([card(0), card(0, 1), ten, card(10)]), []));
    expect(both).toMatchObject({ done: true, multiplierBp: 10_000, view: { outcome: 'push' } });
    expect(invalidOf(replayStepped('blackjack', scripted([card(0), ten, card(12), card(2)]), [{ action: 'stand' }]))).toMatch(/over/);
    // Ten up, ace under it is a natural too; an ace up over a nine is not.
    expect(stateOf(replayStepped('blackjack', scripted([ten, card(10), card(7), card(0)]), [])).view.outcome).toBe('lose');
    expect(stateOf(replayStepped('blackjack', scripted([ten, card(0), card(7), card(8)]), [])).done).toBe(false);
  });

  it('the dealer draws to 17 and stands on soft 17; 21 after a hit stands; over 21 busts', () => {
    // Player 10+7 = 17, dealer A+6 = soft 17: stands, push.
    const soft17 = stateOf(replayStepped('blackjack', scripted([ten, card(0), card(6), card(5)]), [{ action: 'stand' }]));
    expect(soft17).toMatchObject({ done: true, multiplierBp: 10_000, view: { dealer: [card(0), card(5)], dealerTotal: 17, outcome: 'push' } });
    // Open view: the up card only.
    const open = stateOf(replayStepped('blackjack', scripted([ten, card(0), card(6), card(5)]), []));
    expect(open).toEqual({ done: false, multiplierBp: 0, view: { player: [ten, card(6)], dealer: [card(0)], playerTotal: 17, soft: false }, allowed: ['hit', 'stand'] });
    // Dealer 10+6 = 16 draws an ace: 17, stands; player 18 wins.
    const hard16 = stateOf(replayStepped('blackjack', scripted([ten, ten, card(7), card(5), card(0)]), [{ action: 'stand' }]));
    expect(hard16).toMatchObject({ multiplierBp: 20_000, view: { dealer: [ten, card(5), card(0)], dealerTotal: 17, outcome: 'win' } });
    // Dealer A+5 = soft 16 draws a ten (hard 16), then a five: 21 beats the player's 20.
    const soft16 = stateOf(replayStepped('blackjack', scripted([ten, card(0), ten, card(4), ten, card(4)]), [{ action: 'stand' }]));
    expect(soft16).toMatchObject({ multiplierBp: 0, view: { dealer: [card(0), card(4), ten, card(4)], dealerTotal: 21, playerTotal: 20, outcome: 'lose' } });
    // Dealer busts: 10+6+10.
    const bust = stateOf(replayStepped('blackjack', scripted([ten, ten, card(1), card(5), ten]), [{ action: 'stand' }]));
    expect(bust).toMatchObject({ multiplierBp: 20_000, view: { dealerTotal: 26, playerTotal: 12, outcome: 'win' } });
    // Player 10+6 hits a five: 21, stands at once; the dealer's 10+8 stands, player wins.
    const hit21 = stateOf(replayStepped('blackjack', scripted([ten, ten, card(5), card(7), card(4)]), [{ action: 'hit' }]));
    expect(hit21).toMatchObject({ done: true, multiplierBp: 20_000, view: { player: [ten, card(5), card(4)], dealer: [ten, card(7)], playerTotal: 21, outcome: 'win' } });
    // Player 10+6 hits a ten: bust, the dealer draws nothing.
    const busted = stateOf(replayStepped('blackjack', scripted([ten, card(1), card(5), card(2), ten]), [{ action: 'hit' }]));
    expect(busted).toMatchObject({ done: true, multiplierBp: 0, view: { dealer: [card(1), card(2)], dealerTotal: 5, playerTotal: 26, outcome: 'bust' } });
    // A soft hand hitting: A+5 then a ten is hard 16, still open.
    const soft = stateOf(replayStepped('blackjack', scripted([card(0), ten, card(4), card(7), ten]), [{ action: 'hit' }]));
    expect(soft).toMatchObject({ done: false, view: { playerTotal: 16, soft: false } });
  });

  it('best play: the basic strategy of hit/stand, S17', () => {
    const rtp = blackjackBestPlayRtp();
    expect(rtp).toBeGreaterThan(0.97);
    expect(rtp).toBeLessThan(0.99);
    const up = (points: number) => (points === 1 ? card(0) : card(points - 1));
    const hard = (total: number) => [ten, card(total - 11)];
    // Hard 12 hits against 2 and 3, stands against 4 to 6; 13..16 stand against 2..6, hit against 7..A; 17 stands.
    expect([2, 3, 4, 5, 6].map((u) => blackjackBestAction(hard(12), up(u)))).toEqual(['hit', 'hit', 'stand', 'stand', 'stand']);
    for (const total of [13, 14, 15, 16]) {
      expect([2, 6].map((u) => blackjackBestAction(hard(total), up(u)))).toEqual(['stand', 'stand']);
      expect([7, 10, 1].map((u) => blackjackBestAction(hard(total), up(u)))).toEqual(['hit', 'hit', 'hit']);
    }
    expect(blackjackBestAction(hard(17), up(1))).toBe('stand');
    expect(blackjackBestAction([card(2), card(7)], up(6))).toBe('hit');
    // Soft 17 hits; soft 18 stands against 2..8, hits against 9, 10, A; soft 19 stands.
    expect(blackjackBestAction([card(0), card(5)], up(7))).toBe('hit');
    expect([2, 8, 9, 10, 1].map((u) => blackjackBestAction([card(0), card(6)], up(u)))).toEqual(['stand', 'stand', 'hit', 'hit', 'hit']);
    expect(blackjackBestAction([card(0), card(7)], up(10))).toBe('stand');
    expect(blackjackRules.dealerStandsOn).toBe(17);
  });

  it('200,000 fair rounds played with the best action return blackjackBestPlayRtp()', () => {
    const rounds = 200_000;
    let sum = 0;
    let sumSquares = 0;
    let naturals = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { state, actions } = playRound('blackjack', cachedStream(nonce), (open) => {
        const view = open.view as { player: number[]; dealer: number[] };
        return { action: blackjackBestAction(view.player, view.dealer[0]!) };
      });
      if (actions.length === 0) naturals += 1;
      const m = state.multiplierBp / 10_000;
      sum += m;
      sumSquares += m * m;
    }
    const { mean, standardError } = summarise(sum, sumSquares, rounds);
    expect(Math.abs(mean - blackjackBestPlayRtp())).toBeLessThan(5 * standardError);
    // A round ends at the deal when either hand is a natural: 1 - (1 - 8/169)^2 (both independent of 52).
    const p = 1 - (1 - 8 / 169) ** 2;
    expect(Math.abs(naturals / rounds - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / rounds));
  });
});
