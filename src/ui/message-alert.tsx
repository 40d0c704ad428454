import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import styles from './form.module.css';

type Values = Record<string, string>;

/**
 * The text of a message id a flow's machine or form puts in an error: the
 * flow's own ids (`identity.*`, `money.*`, `free_reject`, ...) as they are,
 * server and client error codes as `error.<code>`, anything else as
 * `error.unknown`. `values` fill the placeholders of the flow's own messages.
 */
export function useMessageText(values?: Values) {
  const intl = useIntl();
  return useCallback(
    (id: string) => {
      if (id in intl.messages) return intl.formatMessage({ id }, values);
      const errorId = `error.${id}`;
      return intl.formatMessage({ id: errorId in intl.messages ? errorId : 'error.unknown' });
    },
    [intl, values],
  );
}

/** A refusal or failure of a flow, announced to screen readers. */
export function MessageAlert({ messageId, values }: { messageId: string | null | undefined; values?: Values }) {
  const text = useMessageText(values);
  if (!messageId) return null;
  return (
    <p className={styles.alert} role="alert">
      {text(messageId)}
    </p>
  );
}
