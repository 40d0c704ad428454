/** The lottery game screen's model: inputs, fixtures and events of its model-based test and of `npm run paths lottery-game`. */
import type { BetTypeInfo, Issue, LotteryGame, LotteryGameDetail, Order } from '../../../contract/lottery.ts';
import { type LotteryGameInput, lotteryGameMachine } from '../../lottery-game.machine.ts';
import type { MachineModel } from '../model.ts';

export const T0 = Date.parse('2026-11-29T10:00:20.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

export const issue = (issueNo: string, drawAt: number, drawn: number[] = []): Issue => ({
  issueNo,
  cutoffAt: iso(drawAt - 10_000),
  drawAt: iso(drawAt),
  seedHash: 'a'.repeat(64),
  status: drawn.length ? 'drawn' : 'open',
  numbers: drawn,
  seed: drawn.length ? 'b'.repeat(64) : null,
});

export const betTypes: BetTypeInfo[] = [
  { betType: 'position', choices: ['1:0', '1:1', '2:0', '2:1'], picks: [1, 1], odds: [970] },
  { betType: 'bigSmall', choices: ['big', 'small'], picks: [1, 1], odds: [194] },
  { betType: 'keno', choices: ['1', '2', '3'], picks: [1, 2], odds: [388, 1500] },
];

/** Issue 0601 takes bets: its cutoff 30 s after the server's time, its draw 10 s later. */
export const first = issue('20261129-0601', T0 + 40_000);
export const second = issue('20261129-0602', T0 + 100_000);
export const game = (current: Issue, last: Issue | null): LotteryGame => ({
  gameCode: 'TCG_SEA_0001',
  gameName: '1-Minute Lotto',
  vendor: 'TCG_SEA',
  gameType: 'ELOTT',
  family: 'digits',
  intervalSeconds: 60,
  cutoffSeconds: 10,
  balls: 2,
  minNumber: 0,
  maxNumber: 9,
  prizeMode: 'SEA',
  playType: 'ent',
  iconUrl: '/icons/lotto.svg',
  current,
  last,
});

const earlier = issue('20261129-0600', T0 - 20_000, [3, 7]);
export const detail: LotteryGameDetail = { game: game(first, earlier), betTypes, recent: [earlier], serverTime: iso(T0) };
/** Read while the draw of 0601 is not out yet. */
export const notYet: LotteryGameDetail = { ...detail, game: game(second, earlier), serverTime: iso(T0 + 42_000) };
/** Read once 0601 is drawn: 0602 takes bets. */
export const drawnFirst = issue('20261129-0601', T0 + 40_000, [4, 9]);
export const afterDraw: LotteryGameDetail = { game: game(second, drawnFirst), betTypes, recent: [drawnFirst, earlier], serverTime: iso(T0 + 42_000) };

export const order = (orderId: number, status: Order['status'] = 'open'): Order => ({
  orderId,
  gameCode: 'TCG_SEA_0001',
  gameName: '1-Minute Lotto',
  issueNo: first.issueNo,
  prizeMode: 'SEA',
  playType: 'ent',
  stake: 1000,
  payout: status === 'settled' ? 1940 : 0,
  status,
  createdAt: iso(T0),
  subOrders: [{ id: orderId * 10, betType: 'bigSmall', pick: 'big', stake: 1000, odds: 194, status: status === 'settled' ? 'won' : 'open', payout: status === 'settled' ? 1940 : 0, cancellable: status === 'open' }],
});

/** The model's clock stands still: the paths prove the structure, the named scenarios move time. */
const frozen = () => T0;
export const memberInput: LotteryGameInput = { gameCode: 'TCG_SEA_0001', prizeMode: 'SEA', playType: 'ent', loggedIn: true, now: frozen };
export const guestInput: LotteryGameInput = { ...memberInput, loggedIn: false };

export const CUTOFF = 'xstate.after.untilCutoff.lotteryGame.ready.round.open';
export const TICK = 'xstate.after.tick.lotteryGame.ready.round.open.counting';
export const DRAW = 'xstate.after.untilDraw.lotteryGame.ready.round.closed';
export const POLL = 'xstate.after.drawPoll.lotteryGame.ready.round.drawing.waiting';
export const RESULT_SHOWN = 'xstate.after.resultShown.lotteryGame.ready.round.drawn';
export const PLACED_TOAST = 'xstate.after.placedToast.lotteryGame.ready.slip.placed';

type SlipContext = { betType: string; pick: string[]; stake: number; slip: unknown[]; errorCode: string | null };
/** What tells two slips apart: one, two or more bets on it are alike. */
const slipKey = (context: unknown) => {
  const c = context as SlipContext;
  return [c.betType, c.pick, c.stake, Math.min(c.slip.length, 2), c.errorCode];
};
/** Every count of bets, for the slip's limit. */
const fullSlipKey = (context: unknown) => {
  const c = context as SlipContext;
  return [c.pick, c.slip.length, c.errorCode];
};

export const lotteryGameModel: MachineModel<typeof lotteryGameMachine> = {
  machine: lotteryGameMachine,
  aspects: [
    {
      name: 'the detail loads or fails; the round counts down, closes, waits for the draw and shows it',
      inputs: [memberInput],
      events: [
        { type: 'xstate.done.actor.loadDetail', output: detail },
        { type: 'xstate.error.actor.loadDetail', error: { errorCode: 'client.offline' } },
        { type: 'game.retry' },
        { type: TICK },
        { type: CUTOFF },
        { type: DRAW },
        { type: POLL },
        { type: 'xstate.done.actor.reloadDetail', output: notYet },
        { type: 'xstate.done.actor.reloadDetail', output: afterDraw },
        { type: 'xstate.error.actor.reloadDetail', error: { errorCode: 'client.timeout' } },
        { type: 'xstate.done.actor.loadMyResults', output: [order(1, 'settled')] },
        { type: 'xstate.error.actor.loadMyResults', error: { errorCode: 'client.timeout' } },
        { type: RESULT_SHOWN },
        { type: 'slip.place' },
      ],
    },
    {
      name: 'a pick built, staked and added; the slip placed, refused or emptied',
      inputs: [memberInput],
      contextKey: slipKey,
      events: [
        { type: 'xstate.done.actor.loadDetail', output: detail },
        { type: 'slip.betType', betType: 'keno' },
        { type: 'slip.choose', choice: 'big' },
        { type: 'slip.choose', choice: '2' },
        { type: 'slip.choose', choice: '3' },
        { type: 'slip.choose', choice: '1' },
        { type: 'slip.stake', stake: 500 },
        { type: 'slip.stake', stake: 0 },
        { type: 'slip.add' },
        { type: 'slip.remove', index: 0 },
        { type: 'slip.place' },
        { type: 'xstate.done.actor.placeOrder', output: { order: order(7), balance: 99_000 } },
        { type: 'xstate.error.actor.placeOrder', error: { errorCode: 'wallet.balance.insufficient' } },
        { type: PLACED_TOAST },
      ],
    },
    {
      name: 'a guest who places is sent to login',
      inputs: [guestInput],
      contextKey: slipKey,
      events: [{ type: 'xstate.done.actor.loadDetail', output: detail }, { type: 'slip.choose', choice: 'big' }, { type: 'slip.betType', betType: 'bigSmall' }, { type: 'slip.add' }, { type: 'slip.place' }],
    },
    {
      name: 'a slip filled to its limit refuses one more bet',
      inputs: [memberInput],
      contextKey: fullSlipKey,
      events: [{ type: 'xstate.done.actor.loadDetail', output: detail }, { type: 'slip.choose', choice: '1:0' }, { type: 'slip.add' }],
    },
  ],
};

