import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../app/app-actor.tsx';
import { balanceActorFor } from '../../app/money-actors.ts';
import type { CurrencyLike } from '../../ui/money-format.ts';
import styles from './money.module.css';

const fallbackCurrency: CurrencyLike = { symbol: '', minorUnits: 2 };

/** The merchant's currency, from the site's balance reading (the header loads it). */
export function useSiteCurrency(): CurrencyLike {
  const token = useSession()?.token ?? '';
  const actor = useMemo(() => balanceActorFor(token), [token]);
  return useSelector(actor, (s) => s.context.reading?.currency ?? fallbackCurrency);
}

/**
 * The text of a money machine's message id: its own ids (`money.*`,
 * `free_reject`) as they are, server and client error codes as
 * `error.<code>`, anything else as `error.unknown`.
 */
export function useMessageText() {
  const intl = useIntl();
  return useCallback(
    (id: string) => {
      if (id in intl.messages) return intl.formatMessage({ id });
      const errorId = `error.${id}`;
      return intl.formatMessage({ id: errorId in intl.messages ? errorId : 'error.unknown' });
    },
    [intl],
  );
}

/** A refusal or failure of the flow, announced to screen readers. */
export function MessageAlert({ messageId }: { messageId: string | null | undefined }) {
  const text = useMessageText();
  if (!messageId) return null;
  return (
    <p className={styles.alert} role="alert">
      {text(messageId)}
    </p>
  );
}

/** Calls `onVisible` whenever the page becomes visible again (back from another tab, app or page). */
export function usePageVisible(onVisible: () => void) {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const listener = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    document.addEventListener('visibilitychange', listener);
    // Back from the payment page through the browser's back button (page cache).
    window.addEventListener('pageshow', listener);
    return () => {
      document.removeEventListener('visibilitychange', listener);
      window.removeEventListener('pageshow', listener);
    };
  }, []);
}
