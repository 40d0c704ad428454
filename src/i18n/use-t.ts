import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './message-id.ts';

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/** `t('header.login')`: react-intl's formatMessage with ids checked at compile time. */
export function useT() {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id }, values), [intl]);
}

/**
 * Server and client error codes are message ids in the `error.` namespace
 * (`user.or.token.invalid` -> `error.user.or.token.invalid`); a code without a
 * message reads as `error.unknown`.
 */
export function useErrorText() {
  const intl = useIntl();
  return useCallback(
    (errorCode: string) => {
      const id = `error.${errorCode}`;
      return intl.formatMessage({ id: id in intl.messages ? id : 'error.unknown' });
    },
    [intl],
  );
}
