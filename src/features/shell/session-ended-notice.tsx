import { useIntl } from 'react-intl';
import { useSessionEnded } from '../../app/app-actor.tsx';
import { Toast } from '../../ui/toast.tsx';

/**
 * When the server has ended the session: 'The account has been logged out,
 * please log in again' (or the reason's own message, e.g. logged in on another
 * device), for as long as the app machine shows it (it also opens the login screen).
 */
export default function SessionEndedNotice() {
  const intl = useIntl();
  const errorCode = useSessionEnded();
  if (!errorCode) return null;
  const own = `error.${errorCode}`;
  return (
<Toast role="alert">{intl.formatMessage({ id: own in intl.messages ? own : 'error.user.or.token.invalid' })}</Toast>
  );
}
