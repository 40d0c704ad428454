/**
 * The reality check's dialogs (machines/reality-check.machine.ts, run for
 * the signed-in session by `useRealityCheck`, src/app/responsible-gaming-actors.ts):
 * every N minutes, the time played since the session's start and its net
 * result (win − stake), with "continue" and "log out"; when the session
 * limit is reached, a prompt whose only button logs out. Its own chunk,
 * loaded for a signed-in member or agent (not a trial account) by the
 * header's session notices (session-ended-notice.tsx, itself loaded only
 * when there is a session), so nothing of it is in the home's first load;
 * it suspends until the identity messages it shows are in.
 */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { playedMinutes } from '../../../machines/reality-check.machine.ts';
import { useSession } from '../../app/app-actor.tsx';
import { useRealityCheck } from '../../app/responsible-gaming-actors.ts';
import { useSiteCurrency } from '../../app/site-currency.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';

/** Minutes played as "1 hour, 15 minutes" (`Intl` units, in the reader's language). */
function usePlayedText() {
  const intl = useIntl();
  return (minutes: number) => {
    const unit = (n: number, name: 'hour' | 'minute') => intl.formatNumber(n, { style: 'unit', unit: name, unitDisplay: 'long' });
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return unit(rest, 'minute');
    return rest === 0 ? unit(hours, 'hour') : intl.formatList([unit(hours, 'hour'), unit(rest, 'minute')], { type: 'unit', style: 'long' });
  };
}

function RealityCheckDialogs({ session }: { session: string }) {
  useCatalogPart('identity');
  const t = useT();
  const formatMoney = useFormatMoney();
  const currency = useSiteCurrency();
  const played = usePlayedText();
  const actor = useRealityCheck(session);
  const reminding = useSelector(actor, (s) => s.matches({ running: 'reminding' }));
  const ended = useSelector(actor, (s) => s.matches('ended') || s.matches('loggingOut'));
  const reality = useSelector(actor, (s) => s.context.reality);
  const readAt = useSelector(actor, (s) => s.context.readAt);
  const logOut = () => actor.send({ type: 'reality.logout' });
  return (
    <>
      <ConfirmDialog
        open={reminding && reality !== null}
        title={t('rg.reality.title')}
        message={
          reality
            ? `${t('rg.reality.played', { duration: played(playedMinutes(reality, readAt)) })} ${t('rg.reality.net', { amount: formatMoney(reality.win - reality.stake, currency, { signed: true }) })}`
            : ''
        }
        cancelLabel={t('rg.reality.continue')}
        submitLabel={t('rg.reality.logout')}
        onCancel={() => actor.send({ type: 'reality.continue' })}
        onSubmit={logOut}
      />
      <ConfirmDialog open={ended} title={t('rg.session.endedTitle')} message={t('rg.session.ended')} submitLabel={t('rg.reality.logout')} onSubmit={logOut} />
    </>
  );
}

/** One run per signed-in session (keyed by its token), across every page. */
export default function RealityCheck() {
  const token = useSession()?.token;
  return token ? <RealityCheckDialogs key={token} session={token} /> : null;
}
