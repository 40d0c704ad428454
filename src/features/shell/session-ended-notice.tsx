import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useRole, useSessionEnded } from '../../app/app-actor.tsx';
import { Toast } from '../../ui/toast.tsx';

/** The reality check and session limit's dialogs, with their machine (reality-check-dialog.tsx): loaded for a member or an agent, not a trial account. */
const RealityCheck = lazy(() => import('./reality-check-dialog.tsx'));

/** The reality check of a signed-in member or agent (not a trial account), on every page with the header. */
function SessionReality() {
  const role = useRole();
  return role === 'member' || role === 'agent' ? (
    <Suspense fallback={null}>
      <RealityCheck />
    </Suspense>
  ) : null;
}

/**
 * When the server has ended the session: 'The account has been logged out,
 * please log in again' (or the reason's own message, e.g. logged in on another
 * device), for as long as the app machine shows it (it also opens the login screen).
 * While there is a session: its reality check.
 */
export default function SessionEndedNotice() {
  const intl = useIntl();
  const errorCode = useSessionEnded();
  if (!errorCode) return <SessionReality />;
  const own = `error.${errorCode}`;
  return (
<Toast role="alert">{intl.formatMessage({ id: own in intl.messages ? own : 'error.user.or.token.invalid' })}</Toast>
  );
}
