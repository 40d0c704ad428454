import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { type BetTypeInfo, lotteryStake, maxSubOrders } from '../../../contract/lottery.ts';
import type { PlayType, PrizeMode } from '../../../contract/member-games.ts';
import { defaultStake } from '../../../machines/lottery-game.machine.ts';
import { isNumberBet, oddsText, placedOddsOf, slipPayout } from '../../../machines/lottery-rules.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { useRole } from '../../app/app-actor.tsx';
import { provideLotteryGameMachine } from '../../app/lottery-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import { amountText, parseAmount, useFormatMoney } from '../../ui/money-format.ts';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { Toast } from '../../ui/toast.tsx';
import { Balls, betTypeNames, countdownText, LotteryLinks, usePickText } from './lottery-parts.tsx';
import styles from './lottery.module.css';

type GameActor = ReturnType<typeof useGameActor>;

function useGameActor(gameCode: string, prizeMode: PrizeMode | undefined, playType: PlayType | undefined) {
  const role = useRole();
  const logic = useMemo(() => provideLotteryGameMachine(), []);
  return useSystemActor(logic, {
    systemId: 'lotteryGame',
    input: { gameCode, prizeMode: prizeMode ?? null, playType: playType ?? null, loggedIn: role !== 'guest' },
  });
}

/**
 * A lottery's game screen (/m/lotto/$gameCode?prizeMode=&playType=): the
 * issue taking bets and its countdown, the last draw, the bet types with
 * their odds, the pick and the bet slip (machines/lottery-game.machine.ts).
 * Guests may watch; placing sends them to login.
 */
export function LotteryGameScreen({ gameCode, prizeMode, playType }: { gameCode: string; prizeMode?: PrizeMode; playType?: PlayType }) {
  useCatalogPart('lobby');
  const t = useT();
  const errorText = useErrorText();
  const actor = useGameActor(gameCode, prizeMode, playType);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const game = useSelector(actor, (s) => s.context.detail?.game);

  if (failed) return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'game.retry' })} />;
  if (loading || !game) return <PageSkeleton label={t('in_please_wait')} />;
  return (
    <div className={styles.screen}>
      <Round actor={actor} />
      <Slip actor={actor} />
      <LotteryLinks gameCode={gameCode} />
      <PlacedToast actor={actor} />
    </div>
  );
}

/** The game's name, the issue, what the round is doing, and the last draw. */
function Round({ actor }: { actor: GameActor }) {
  const t = useT();
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const round = useSelector(actor, (s) => (['open', 'closed', 'drawing', 'drawn'] as const).find((r) => s.matches({ ready: { round: r } })));
  const { detail, leftMs, waitingFor, drawn, myResults } = useSelector(actor, (s) => s.context);
  if (!detail) return null;
  const { game } = detail;
  const last = detail.recent[0] ?? null;
  const time = (iso: string) => intl.formatTime(iso, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const won = myResults?.reduce((sum, order) => sum + order.payout, 0) ?? 0;
  return (
    <section className={styles.card} aria-labelledby="lottery-game-name">
      <div className={styles.head}>
        <h2 id="lottery-game-name" className={styles.name}>
          {game.gameName}
        </h2>
        <span className={styles.muted}>{t('lottery.issue', { issueNo: round === 'open' ? game.current.issueNo : (waitingFor ?? game.current.issueNo) })}</span>
      </div>
      <p className={styles.countdown} role="status">
        {round === 'open' ? (
          <>
            {t('lottery.round.open')} <strong>{countdownText(leftMs)}</strong>
          </>
        ) : round === 'closed' ? (
          t('lottery.round.closed', { time: time(game.current.drawAt) })
        ) : round === 'drawing' ? (
          t('lottery.round.drawing')
        ) : (
          t('lottery.round.drawn', { issueNo: drawn?.issueNo ?? '' })
        )}
      </p>
      {round === 'drawn' && drawn ? (
        <>
          <Balls numbers={drawn.numbers} />
          {myResults?.length ? <p className={won > 0 ? styles.plus : styles.muted}>{won > 0 ? t('lottery.myResult.won', { amount: formatMoney(won, currency) }) : t('lottery.myResult.lost')}</p> : null}
        </>
      ) : last ? (
        <>
          <span className={styles.muted}>{t('lottery.last', { issueNo: last.issueNo })}</span>
          <Balls numbers={last.numbers} />
        </>
      ) : null}
    </section>
  );
}

/** The odds a bet type shows on its tab: its one price, or up to its best for numbers. */
const tabOdds = (info: BetTypeInfo) => (isNumberBet(info.betType) ? Math.max(...info.odds) : placedOddsOf(info, 1));

function Slip({ actor }: { actor: GameActor }) {
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const pickText = usePickText();
  const { detail, betType, pick, slip, errorCode } = useSelector(actor, (s) => s.context);
  const open = useSelector(actor, (s) => s.matches({ ready: { round: 'open' } }));
  const placing = useSelector(actor, (s) => s.matches({ ready: { slip: 'placing' } }));
  if (!detail) return null;
  const info = detail.betTypes.find((b) => b.betType === betType);
  const limits = { min: formatMoney(lotteryStake.min, currency), max: formatMoney(lotteryStake.max, currency) };
  return (
    <section className={styles.card} aria-labelledby="lottery-slip">
      <div className={styles.chips} role="tablist" aria-label={t('lottery.betTypes')}>
        {detail.betTypes.map((b) => (
          <button
            key={b.betType}
            type="button"
            role="tab"
            aria-selected={b.betType === betType}
            className={styles.chip}
            onClick={() => actor.send({ type: 'slip.betType', betType: b.betType })}
          >
            {t(betTypeNames[b.betType])} · {t(isNumberBet(b.betType) ? 'lottery.oddsUpTo' : 'lottery.odds', { odds: oddsText(tabOdds(b)) })}
          </button>
        ))}
      </div>
      {info ? <PickGrid actor={actor} info={info} pick={pick} /> : null}
      <form
        className={styles.stakeRow}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'slip.add' });
        }}
      >
        <div className={styles.field}>
          <label className={styles.label} htmlFor="lottery-stake">
            {t('lottery.stake')}
          </label>
          <div className={styles.control}>
            <input
              id="lottery-stake"
              className={styles.input}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={amountText(defaultStake, currency.minorUnits)}
              aria-describedby="lottery-stake-hint"
              onChange={(event) => actor.send({ type: 'slip.stake', stake: parseAmount(event.target.value, currency.minorUnits) })}
            />
          </div>
          <span id="lottery-stake-hint" className={styles.muted}>
            {t('lottery.stakeHint', limits)}
          </span>
        </div>
        <Button type="submit" variant="secondary" disabled={placing}>
          {t('lottery.add')}
        </Button>
      </form>
      <h2 id="lottery-slip" className={styles.sectionTitle}>
        {t('lottery.slip')}
      </h2>
      {slip.length === 0 ? (
        <p className={styles.muted}>{t('lottery.slip.none')}</p>
      ) : (
        <ul className={styles.list}>
          {slip.map((bet, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same bet may be on the slip twice; its place tells them apart.
            <li key={index} className={styles.item}>
              <span className={styles.itemTitle}>
                {t(betTypeNames[bet.betType])}: {pickText(bet.betType, bet.pick)}
              </span>
              <IconButton icon="x" label={t('lottery.remove', { pick: pickText(bet.betType, bet.pick) })} disabled={placing} onClick={() => actor.send({ type: 'slip.remove', index })} />
              <span className={styles.itemMeta}>{formatMoney(bet.stake, currency)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.money}>{t('lottery.payout', { amount: formatMoney(slipPayout(slip, detail.betTypes), currency) })}</p>
      <MessageAlert messageId={errorCode} values={{ ...limits, count: String(maxSubOrders) }} />
      <Button block disabled={!open || placing} onClick={() => actor.send({ type: 'slip.place' })}>
        {placing ? t('in_please_wait') : t('lottery.place', { count: slip.length })}
      </Button>
    </section>
  );
}

/** The choices of a bet type: a ball and digit grid, two sides, or numbers. */
function PickGrid({ actor, info, pick }: { actor: GameActor; info: BetTypeInfo; pick: string[] }) {
  const t = useT();
  const pickText = usePickText();
  const choose = (choice: string) => actor.send({ type: 'slip.choose', choice });
  const button = (choice: string, label: string, name?: string) => (
    <button key={choice} type="button" className={styles.pickButton} aria-pressed={pick.includes(choice)} aria-label={name} onClick={() => choose(choice)}>
      {label}
    </button>
  );
  if (info.betType === 'position') {
    const balls = [...new Set(info.choices.map((c) => c.split(':')[0]!))];
    return (
      <div className={styles.ballRow}>
        {balls.map((ball) => (
          <fieldset key={ball} className={styles.group}>
            <legend className={styles.muted}>{t('lottery.ball', { ball })}</legend>
            <div className={styles.digits}>
              {info.choices.filter((c) => c.startsWith(`${ball}:`)).map((c) => button(c, c.split(':')[1]!, pickText('position', c)))}
            </div>
          </fieldset>
        ))}
      </div>
    );
  }
  if (isNumberBet(info.betType)) {
    return (
      <fieldset className={styles.group}>
        <legend className={styles.muted}>{t('lottery.pick.count', { count: pick.length, min: info.picks[0], max: info.picks[1] })}</legend>
        <div className={styles.grid}>{info.choices.map((c) => button(c, c))}</div>
      </fieldset>
    );
  }
  return <div className={styles.grid}>{info.choices.map((c) => button(c, pickText(info.betType, c)))}</div>;
}

function PlacedToast({ actor }: { actor: GameActor }) {
  const t = useT();
  const placed = useSelector(actor, (s) => (s.matches({ ready: { slip: 'placed' } }) ? s.context.placed : null));
  if (!placed) return null;
  return <Toast>{t('lottery.placed', { count: placed.subOrders.length, issueNo: placed.issueNo })}</Toast>;
}
