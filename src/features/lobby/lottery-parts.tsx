import { Link } from '@tanstack/react-router';
import type { BetType, LotteryFamily } from '../../../contract/lottery.ts';
import { useT } from '../../i18n/use-t.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import styles from './lottery.module.css';

export const betTypeNames: Record<BetType, MessageId> = {
  position: 'lottery.betType.position',
  bigSmall: 'lottery.betType.bigSmall',
  oddEven: 'lottery.betType.oddEven',
  keno: 'lottery.betType.keno',
  lotto: 'lottery.betType.lotto',
};

export const familyNames: Record<LotteryFamily, MessageId> = {
  digits: 'lottery.family.digits',
  keno: 'lottery.family.keno',
  lotto: 'lottery.family.lotto',
};

const choiceNames: Record<string, MessageId> = {
  big: 'lottery.choice.big',
  small: 'lottery.choice.small',
  odd: 'lottery.choice.odd',
  even: 'lottery.choice.even',
};

/** A pick as people read it: "Ball 2: 7", "Big", or the numbers. */
export function usePickText() {
  const t = useT();
  return (betType: BetType, pick: string) => {
    if (betType === 'position') {
      const [ball, digit] = pick.split(':');
      return t('lottery.pick.position', { ball, digit });
    }
    const name = choiceNames[pick];
    return name ? t(name) : pick.split(',').join(', ');
  };
}

/** The drawn numbers as balls, read out as one list. */
export function Balls({ numbers }: { numbers: readonly number[] }) {
  const t = useT();
  return (
    <ul className={styles.balls} aria-label={t('lottery.numbers', { numbers: numbers.join(', ') })}>
      {numbers.map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: digits repeat; a ball is its place in the draw.
        <li key={i} className={styles.ball} aria-hidden="true">
          {n}
        </li>
      ))}
    </ul>
  );
}

/** "Show more" under a paged list, while there is more. */
export function MoreButton({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  const t = useT();
  return (
    <div className={styles.more}>
      <Button variant="ghost" compact disabled={loading} onClick={onMore}>
        {loading ? t('in_please_wait') : t('lottery.more')}
      </Button>
    </div>
  );
}

/** `ms` as a countdown: "0:25", "4:05", "13:02:09". */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The lottery's other screens: a game's results, the member's orders, the rank list. */
export function LotteryLinks({ gameCode }: { gameCode?: string }) {
  const t = useT();
  return (
    <nav aria-label={t('lottery.links')}>
      <ul className={styles.links}>
        {gameCode ? (
          <li>
            <Link to="/m/lotto/results/$gameCode" params={{ gameCode }} className={styles.link}>
              <Icon name="file-clock" aria-hidden="true" focusable="false" />
              {t('lottery.link.results')}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/m/lotto/orders" className={styles.link}>
            <Icon name="receipt-text" aria-hidden="true" focusable="false" />
            {t('lottery.link.orders')}
          </Link>
        </li>
        <li>
          <Link to="/m/lotto/rank" className={styles.link}>
            <Icon name="crown" aria-hidden="true" focusable="false" />
            {t('lottery.link.rank')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
