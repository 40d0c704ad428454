import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { type LotteryFamily, type LotteryGame, lotteryFamilies } from '../../../contract/lottery.ts';
import type { LotteryFilter, LotteryLobbyKind } from '../../../machines/lottery-lobby.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideLotteryLobbyMachine } from '../../app/lottery-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { PageSkeleton } from '../../ui/skeleton.tsx';
import { Balls, familyNames, LotteryLinks } from './lottery-parts.tsx';
import styles from './lottery.module.css';

type LobbyActor = ReturnType<typeof useLobbyActor>;

function useLobbyActor(kind: LotteryLobbyKind) {
  const logic = useMemo(() => provideLotteryLobbyMachine(), []);
  return useSystemActor(logic, { systemId: `lotteryLobby.${kind}`, input: { kind } });
}

/** One lottery: its name, when betting on the next draw closes, and the last numbers; it opens the game screen. */
function LotteryCard({ game }: { game: LotteryGame }) {
  const t = useT();
  const intl = useIntl();
  return (
    <li>
      <Link to="/m/lotto/$gameCode" params={{ gameCode: game.gameCode }} search={{ prizeMode: game.prizeMode, playType: game.playType }} className={styles.itemButton}>
        <span className={styles.itemTitle}>{game.gameName}</span>
        <span className={styles.itemMeta}>{t('lottery.card.closes', { time: intl.formatTime(game.current.cutoffAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) })}</span>
        {game.last ? (
          <span className={styles.wide}>
            <Balls numbers={game.last.numbers} />
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function LobbyState({ actor, children }: { actor: LobbyActor; children: React.ReactNode }) {
  const t = useT();
  const errorText = useErrorText();
  const state = useSelector(actor, (s) => s.value);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  if (state === 'failed') return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'lobby.retry' })} />;
  if (state === 'loading') return <PageSkeleton label={t('in_please_wait')} />;
  return <>{children}</>;
}

/** /m/lottery's filter panel: game type, vendor and family from the lottery menu, and the lotteries of the filter. */
export function LotteryFilterPanel() {
  useCatalogPart('lobby');
  const t = useT();
  const actor = useLobbyActor('filter');
  const { menu, games, filter } = useSelector(actor, (s) => s.context);
  const vendors = [...new Map(menu.filter((m) => !filter.gameType || m.gameType === filter.gameType).map((m) => [m.vendor, m.vendorName])).entries()];
  const families = lotteryFamilies.filter((f) => menu.some((m) => m.family === f));
  const set = (change: LotteryFilter) => actor.send({ type: 'lobby.filter', filter: { ...filter, ...change } });
  const chip = (key: string, label: string, pressed: boolean, change: LotteryFilter) => (
    <button key={key} type="button" className={styles.chip} aria-pressed={pressed} onClick={() => set(change)}>
      {label}
    </button>
  );
  const row = (label: string, chips: React.ReactNode[]) => (
    <fieldset className={styles.group}>
      <legend className={styles.muted}>{label}</legend>
      <div className={styles.chips}>{chips}</div>
    </fieldset>
  );
  return (
    <>
      <div className={styles.filters}>
        {row(t('lottery.filter.gameType'), [
          chip('all', t('lobby.tabs.all'), !filter.gameType, { gameType: undefined, vendor: undefined }),
          ...(['LOTT', 'ELOTT'] as const).map((type) => chip(type, t(`lobby.category.${type}`), filter.gameType === type, { gameType: type, vendor: undefined })),
        ])}
        {row(t('lottery.filter.vendor'), [
          chip('all', t('lobby.tabs.all'), !filter.vendor, { vendor: undefined }),
          ...vendors.map(([vendor, name]) => chip(vendor, name, filter.vendor === vendor, { vendor })),
        ])}
        {row(t('lottery.filter.family'), [
          chip('all', t('lobby.tabs.all'), !filter.family, { family: undefined }),
          ...families.map((family: LotteryFamily) => chip(family, t(familyNames[family]), filter.family === family, { family })),
        ])}
      </div>
      <LobbyState actor={actor}>
        {games.length === 0 ? (
          <EmptyState icon="search-x" title={t('lottery.games.empty')} />
        ) : (
          <ul className={styles.list} aria-label={t('lottery.games.list')}>
            {games.map((game) => (
              <LotteryCard key={game.gameCode} game={game} />
            ))}
          </ul>
        )}
      </LobbyState>
      <LotteryLinks />
    </>
  );
}

/** The bar of /m/lott and /m/elott: popular lotteries, recent results, and the links to my orders and the rank list. */
export function LotteryBar({ kind }: { kind: 'LOTT' | 'ELOTT' }) {
  useCatalogPart('lobby');
  const t = useT();
  const actor = useLobbyActor(kind);
  const { popular, recent } = useSelector(actor, (s) => s.context);
  return (
    <section className={styles.card} aria-label={t('lottery.bar')}>
      <LobbyState actor={actor}>
        {popular.length ? (
          <>
            <h2 className={styles.sectionTitle}>{t('lottery.popular')}</h2>
            <ul className={styles.list}>
              {popular.map((game) => (
                <LotteryCard key={game.gameCode} game={game} />
              ))}
            </ul>
          </>
        ) : null}
        {recent.length ? (
          <>
            <h2 className={styles.sectionTitle}>{t('lottery.recent')}</h2>
            <ul className={styles.list}>
              {recent.map((result) => (
                <li key={result.gameCode}>
                  <Link to="/m/lotto/results/$gameCode" params={{ gameCode: result.gameCode }} className={styles.itemButton}>
                    <span className={styles.itemTitle}>{result.gameName}</span>
                    <span className={styles.itemMeta}>{t('lottery.issue', { issueNo: result.issue.issueNo })}</span>
                    <span className={styles.wide}>
                      <Balls numbers={result.issue.numbers} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </LobbyState>
      <LotteryLinks />
    </section>
  );
}

/** The rank list (/m/lotto/rank): the biggest lottery wins of the last 7 days, accounts masked. */
export function LotteryRankScreen() {
  useCatalogPart('lobby');
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const actor = useLobbyActor('rank');
  const entries = useSelector(actor, (s) => s.context.rank);
  return (
    <div className={styles.screen}>
      <LobbyState actor={actor}>
        {entries.length === 0 ? (
          <EmptyState icon="crown" title={t('lottery.rank.empty')} />
        ) : (
          <ol className={styles.list} aria-label={t('lottery.rank.list')}>
            {entries.map((entry) => (
              <li key={`${entry.gameCode}:${entry.issueNo}:${entry.account}:${entry.settledAt}`} className={styles.item}>
                <span className={styles.itemTitle}>{entry.account}</span>
                <span className={styles.plus}>{formatMoney(entry.payout, currency)}</span>
                <span className={`${styles.itemMeta} ${styles.wide}`}>
                  {entry.gameName} · {t('lottery.issue', { issueNo: entry.issueNo })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </LobbyState>
      <LotteryLinks />
    </div>
  );
}
