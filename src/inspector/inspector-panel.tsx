import { useMemo, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { AnyActorRef, StateValue } from 'xstate';
import type { MessageId } from '../i18n/message-id.ts';
import { useT } from '../i18n/use-t.ts';
import { activeLeaves, activeStateIds } from './active-states.ts';
import { DiagramView } from './diagram-view.tsx';
import { actorLabel, type InspectedActor, type InspectorStore, machineIdOf } from './inspector-store.ts';
import styles from './inspector-panel.module.css';
import { type DiagramLoader, loadMachineDiagram } from './machine-diagrams.ts';
import { toJson } from './to-json.ts';

const statusIds: Record<string, MessageId> = {
  active: 'dev.inspector.status.active',
  done: 'dev.inspector.status.done',
  error: 'dev.inspector.status.error',
  stopped: 'dev.inspector.status.stopped',
};

interface ActorSnapshot {
  status?: string;
  value?: StateValue;
  context?: unknown;
  input?: unknown;
  output?: unknown;
  error?: unknown;
}

const snapshotOf = (ref: AnyActorRef) => (ref.getSnapshot() ?? {}) as ActorSnapshot;

/** The name of an actor's logic in the machine that invoked or spawned it (`src`), if it has one. */
const srcName = (ref: AnyActorRef) => (typeof ref.src === 'string' ? ref.src : undefined);

/** Which actor is shown: the one picked, or after it stopped, a new one under its name (a screen mounted again). */
interface Selection {
  sessionId: string;
  label: string;
}

const OPEN_KEY = 'inspector.open';

function rememberedOpen(): boolean {
  try {
    return sessionStorage.getItem(OPEN_KEY) !== '0';
  } catch {
    return true;
  }
}

function Chevron({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={up ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Cross() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The offline state inspector: a drawer at the bottom of the page (or a small
 * button when collapsed) listing the live actors of the inspected system; the
 * selected one's active states on its diagram, its context and its last
 * events. It renders whatever `store` has seen, live.
 */
export function InspectorPanel({
  store,
  loadDiagram = loadMachineDiagram,
  initiallyOpen,
}: {
  store: InspectorStore;
  loadDiagram?: DiagramLoader;
  /** Open or collapsed at first; by default as the panel was left in this tab (open the first time). */
  initiallyOpen?: boolean;
}) {
  const t = useT();
  const version = useSyncExternalStore(store.subscribe, store.getVersion);
  const [open, setOpen] = useState(() => initiallyOpen ?? rememberedOpen());
  const [tall, setTall] = useState(false);
  const [selection, setSelection] = useState<Selection | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store changes inside; `version` says when
  const rows = useMemo(() => store.list(), [store, version]);

  const toggle = (next: boolean) => {
    setOpen(next);
    try {
      sessionStorage.setItem(OPEN_KEY, next ? '1' : '0');
    } catch {
      // no storage: the panel opens again on the next load
    }
  };

  const selected: InspectedActor | undefined = selection
    ? (store.get(selection.sessionId) ?? rows.find((r) => actorLabel(r.actor.ref) === selection.label)?.actor)
    : rows[0]?.actor;

  if (!open) {
    return (
      <button type="button" className={styles.fab} title={t('dev.inspector.open')} onClick={() => toggle(true)}>
        {t('dev.inspector.button', { count: rows.length })}
      </button>
    );
  }

  return (
    <section className={styles.drawer} data-tall={tall} aria-label={t('dev.inspector.title')}>
      <header className={styles.bar}>
        <h2 className={styles.title}>{t('dev.inspector.title')}</h2>
        <span className={styles.count}>{t('dev.inspector.actorCount', { count: rows.length })}</span>
        <button
          type="button"
          className={styles.icon}
          aria-label={t(tall ? 'dev.inspector.shorter' : 'dev.inspector.taller')}
          onClick={() => setTall(!tall)}
        >
          <Chevron up={!tall} />
        </button>
        <button type="button" className={styles.icon} aria-label={t('dev.inspector.collapse')} onClick={() => toggle(false)}>
          <Cross />
        </button>
      </header>
      <div className={styles.body}>
        {rows.length ? (
          <ul className={styles.actors} aria-label={t('dev.inspector.actors')}>
            {rows.map(({ actor, depth }) => {
              const status = snapshotOf(actor.ref).status ?? 'active';
              return (
                <li key={actor.ref.sessionId}>
                  <button
                    type="button"
                    className={styles.actor}
                    style={{ paddingInlineStart: `${8 + depth * 14}px` }}
                    aria-pressed={actor === selected}
                    onClick={() => setSelection({ sessionId: actor.ref.sessionId, label: actorLabel(actor.ref) })}
                  >
                    <span className={styles.actorName}>{actorLabel(actor.ref)}</span>
                    <span className={styles.actorLogic}>{machineIdOf(actor.ref) ?? t('dev.inspector.notMachine')}</span>
                    <span className={styles.status} data-status={status}>
                      {statusIds[status] ? t(statusIds[status]) : status}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={styles.note}>{t('dev.inspector.empty')}</p>
        )}
        {selected ? (
          <ActorDetails key={selected.ref.sessionId} actor={selected} loadDiagram={loadDiagram} />
        ) : rows.length ? (
          <p className={styles.note}>{selection ? t('dev.inspector.gone', { actor: selection.label }) : t('dev.inspector.select')}</p>
        ) : null}
      </div>
    </section>
  );
}

function ActorDetails({ actor, loadDiagram }: { actor: InspectedActor; loadDiagram: DiagramLoader }) {
  const t = useT();
  const intl = useIntl();
  const snapshot = snapshotOf(actor.ref);
  const machineId = machineIdOf(actor.ref);
  const value = machineId !== undefined ? snapshot.value : undefined;
  const time = (ms: number) =>
    intl.formatTime(ms, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hourCycle: 'h23' });
  const events = [...actor.events].reverse();
  const data =
    machineId !== undefined
      ? snapshot.context
      : { input: snapshot.input, output: snapshot.output, error: snapshot.error };

  return (
    <article className={styles.details} aria-label={actorLabel(actor.ref)}>
      <h3 className={styles.detailsTitle}>
        {actorLabel(actor.ref)}
        <span className={styles.actorLogic}>{machineId ?? srcName(actor.ref)}</span>
      </h3>
      {value !== undefined ? (
        <p className={styles.stateLine}>
          <span className={styles.label}>{t('dev.inspector.state')}</span>
          <code>{activeLeaves(value).join(' · ')}</code>
        </p>
      ) : null}
      {machineId !== undefined && value !== undefined ? (
        <DiagramView machineId={machineId} activeIds={activeStateIds(machineId, value)} load={loadDiagram} />
      ) : (
        <p className={styles.note}>{t('dev.inspector.diagram.none')}</p>
      )}
      <details className={styles.section} open>
        <summary>{t(machineId !== undefined ? 'dev.inspector.context' : 'dev.inspector.snapshot')}</summary>
        <pre className={styles.json}>{toJson(data)}</pre>
      </details>
      <details className={styles.section} open>
        <summary>{t('dev.inspector.events', { count: events.length })}</summary>
        {events.length ? (
          <table className={styles.events}>
            <thead>
              <tr>
                <th scope="col">{t('dev.inspector.event.time')}</th>
                <th scope="col">{t('dev.inspector.event.type')}</th>
                <th scope="col">{t('dev.inspector.event.source')}</th>
                <th scope="col">{t('dev.inspector.event.target')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.seq}>
                  <td className={styles.time}>{time(event.time)}</td>
                  <td className={styles.eventType}>{event.type}</td>
                  <td>{event.source ? actorLabel(event.source) : t('dev.inspector.event.outside')}</td>
                  <td>{actorLabel(event.target)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.note}>{t('dev.inspector.events.none')}</p>
        )}
      </details>
    </article>
  );
}
