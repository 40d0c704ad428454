import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideStaffConsoleMachine, staffConsoleInput } from '../../app/staff-console-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import type { StaffConsoleActor } from './staff-console-actor.ts';
import styles from './staff-console.module.css';
import { StaffConversation } from './staff-conversation.tsx';
import { StaffHistory } from './staff-history.tsx';
import { StaffLoginForm } from './staff-login-form.tsx';
import { StaffQueue } from './staff-queue.tsx';

type Tab = 'queue' | 'history';

/** Who is signed in, the connection, and sign out. */
function ConsoleBar({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const name = useSelector(actor, (s) => s.context.session?.staff.name ?? '');
  const connection = useSelector(actor, (s): MessageId => {
    if (s.matches({ signedIn: { connection: 'reconnecting' } })) return 'staff.connection.reconnecting';
    if (s.matches({ signedIn: { connection: { live: 'open' } } })) return 'staff.connection.open';
    return 'staff.connection.connecting';
  });
  const reconnecting = connection === 'staff.connection.reconnecting';
  return (
    <header className={styles.bar}>
      <h1 className={styles.barTitle}>{t('staff.title')}</h1>
      <p className={styles.connection} role="status" data-state={connection.slice('staff.connection.'.length)}>
        <span className={styles.dot} aria-hidden="true" />
        {t(connection)}
      </p>
      {reconnecting ? (
        <Button variant="secondary" compact onClick={() => actor.send({ type: 'connection.retry' })}>
          {t('staff.connection.retry')}
        </Button>
      ) : null}
      <p className={styles.signedInAs}>{t('staff.signedInAs', { name })}</p>
      <Button variant="ghost" compact onClick={() => actor.send({ type: 'session.signOut' })}>
        {t('staff.signOut')}
      </Button>
    </header>
  );
}

/** The queue and the history as two tabs (arrow keys move between them). */
function ListPane({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('queue');
  const ids = { queue: useId(), history: useId() };
  const panelId = useId();
  const count = useSelector(actor, (s) => s.context.queue.length);
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ queue: null, history: null });
  const choose = (next: Tab) => {
    setTab(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      choose(event.key === 'Home' ? 'queue' : event.key === 'End' ? 'history' : tab === 'queue' ? 'history' : 'queue');
    }
  };
  const tabButton = (value: Tab, label: string) => (
    <button
      ref={(node) => {
        tabs.current[value] = node;
      }}
      id={ids[value]}
      type="button"
      role="tab"
      className={styles.tab}
      aria-selected={tab === value}
      aria-controls={panelId}
      tabIndex={tab === value ? 0 : -1}
      onClick={() => setTab(value)}
      onKeyDown={onKeyDown}
    >
      {label}
    </button>
  );
  return (
    <div className={styles.listPane}>
      <div className={styles.tabs} role="tablist" aria-label={t('staff.tabs.label')}>
        {tabButton('queue', t('staff.tabs.queue', { count }))}
        {tabButton('history', t('staff.tabs.history'))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={ids[tab]} className={styles.panel}>
        {tab === 'queue' ? <StaffQueue actor={actor} /> : <StaffHistory actor={actor} />}
      </div>
    </div>
  );
}

/** The signed-in console: the bar, the list pane and the conversation pane (side by side when wide, one at a time on a phone). */
function Workspace({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const selected = useSelector(actor, (s) => s.context.selectedId !== null);
  const confirming = useSelector(actor, (s) => s.matches({ signedIn: { conversation: { live: { manage: 'confirmingClose' } } } }));
  return (
    <>
      <ConsoleBar actor={actor} />
      <div className={styles.panes} data-showing={selected ? 'conversation' : 'list'}>
        <ListPane actor={actor} />
        <div className={styles.conversationPane}>
          <StaffConversation actor={actor} />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('staff.close.title')}
        message={t('staff.close.body')}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('staff.close.confirm')}
        onCancel={() => actor.send({ type: 'close.cancel' })}
        onSubmit={() => actor.send({ type: 'close.confirm' })}
      />
    </>
  );
}

/**
 * The staff console (/staff): customer-service staff sign in, then answer
 * the visitors' conversations. The staff console machine decides; this view
 * renders its state and sends its events.
 */
export function StaffConsoleScreen() {
  useCatalogPart('content');
  const logic = useMemo(() => provideStaffConsoleMachine(), []);
  const [input] = useState(staffConsoleInput);
  const actor = useSystemActor(logic, { systemId: 'staffConsole', input });
  const signedIn = useSelector(actor, (s) => s.matches('signedIn'));
  return <div className={styles.console}>{signedIn ? <Workspace actor={actor} /> : <StaffLoginForm actor={actor} />}</div>;
}
