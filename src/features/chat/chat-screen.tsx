/**
 * The live chat with customer service (/m/chat; spec sections 2, 3, 6 and
 * 9): the conversation, the messages being sent or refused (with their
 * retry), the staff's read receipt and typing, the connection's state, the
 * composer, and for a guest first the form of a name and a contact. What
 * happens is the chat machine's (machines/chat.machine.ts); this view reads
 * its snapshot and sends it events.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import * as z from 'zod/mini';
import { type ChatMessage, maxChatMessageLength } from '../../../contract/chat.ts';
import { guestContactMax, guestNameMax, isSendableText, type OutboxItem } from '../../../machines/chat.machine.ts';
import type { Role } from '../../../machines/session.ts';
import { trialRefusalMessage } from '../../../machines/trial-refusal.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { chatInputOf, provideChatMachine } from '../../app/chat-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { ChatText } from '../../ui/chat-text.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import styles from './chat.module.css';

type ChatActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideChatMachine>>>;
type ChatSnapshot = ReturnType<ChatActor['getSnapshot']>;

const viewOf = (s: ChatSnapshot) =>
  s.matches('trialRefused') ? 'trialRefused' : s.matches('refused') ? 'refused' : s.matches('guest') ? 'guest' : s.matches('live') ? 'live' : 'starting';

const connectionOf = (s: ChatSnapshot) =>
  s.matches({ live: 'waiting' }) ? 'reconnecting' : s.matches({ live: { connection: 'open' } }) ? 'open' : 'connecting';

/** The live chat for who is signed in now; a new sign-in starts a new screen (the route keys it). */
export function ChatScreen({ role, token }: { role: Role; token: string | null }) {
  useCatalogPart('content');
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideChatMachine(), []);
  const input = useMemo(() => chatInputOf(role, token), [role, token]);
  const actor = useSystemActor(logic, { systemId: 'chat', input });
  const view = useSelector(actor, viewOf);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  // The composer takes focus when a guest's form gives way to the conversation.
  const wasGuest = useRef(false);
  const focusComposer = view === 'live' && wasGuest.current;
  if (view === 'guest') wasGuest.current = true;

  useEffect(() => {
    // Staff messages are reported read only while the page is in view.
    const tell = () => {
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'screen.visible', visible: document.visibilityState !== 'hidden' });
    };
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [actor]);

  return (
    <div className={styles.screen}>
      {view === 'trialRefused' ? (
        <EmptyState icon="shield-ban" title={t(trialRefusalMessage as MessageId)} role="alert" />
      ) : view === 'refused' ? (
        <EmptyState icon="shield-ban" title={t('chat.refused.title')} body={errorText(errorCode ?? 'chat.auth.invalid')} role="alert" tone="danger" />
      ) : view === 'guest' ? (
        <GuestForm actor={actor} />
      ) : (
        <Conversation actor={actor} focusComposer={focusComposer} />
      )}
    </div>
  );
}

// ------------------------------------------------------------------ the guest's form

function guestSchema() {
  const field = (max: number) =>
    z.string().check(
      z.refine((v) => v.trim() !== '', 'chat.guest.required'),
      z.refine((v) => v.trim().length <= max, 'chat.guest.tooLong'),
    );
  return z.object({ name: field(guestNameMax), contact: field(guestContactMax) });
}
type GuestValues = z.infer<ReturnType<typeof guestSchema>>;

function GuestForm({ actor }: { actor: ChatActor }) {
  const t = useT();
  const ids = { title: useId(), name: useId(), contact: useId(), nameError: useId(), contactError: useId() };
  const starting = useSelector(actor, (s) => s.matches({ guest: 'starting' }));
  const errorCode = useSelector(actor, (s) => s.context.guestErrorCode);
  const schema = useMemo(guestSchema, []);
  const { register, handleSubmit, formState } = useForm<GuestValues>({ resolver: zodResolver(schema), defaultValues: { name: '', contact: '' } });
  const fieldError = (name: keyof GuestValues, max: number) => {
    const id = formState.errors[name]?.message;
    return id ? t(id as MessageId, { max }) : null;
  };
  const nameError = fieldError('name', guestNameMax);
  const contactError = fieldError('contact', guestContactMax);
  return (
    <section className={styles.guest} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={styles.heading}>
        {t('chat.guest.title')}
      </h2>
      <p className={styles.lead}>{t('chat.guest.intro')}</p>
      <form
        className={styles.form}
        noValidate
        aria-busy={starting}
        onSubmit={handleSubmit((values) => actor.send({ type: 'guest.submit', name: values.name, contact: values.contact }))}
      >
        <div className={styles.field}>
          <label className={styles.label} htmlFor={ids.name}>
            {t('chat.guest.name')}
          </label>
          <input
            id={ids.name}
            className={styles.input}
            autoComplete="name"
            maxLength={guestNameMax}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? ids.nameError : undefined}
            {...register('name')}
          />
          {nameError ? (
            <span id={ids.nameError} className={styles.fieldError}>
              {nameError}
            </span>
          ) : null}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={ids.contact}>
            {t('chat.guest.contact')}
          </label>
          <input
            id={ids.contact}
            className={styles.input}
            autoComplete="email"
            maxLength={guestContactMax}
            aria-invalid={contactError ? true : undefined}
            aria-describedby={contactError ? ids.contactError : undefined}
            {...register('contact')}
          />
          {contactError ? (
            <span id={ids.contactError} className={styles.fieldError}>
              {contactError}
            </span>
          ) : null}
        </div>
        <MessageAlert messageId={errorCode} />
        <Button type="submit" block disabled={starting}>
          {starting ? t('in_please_wait') : t('chat.guest.start')}
        </Button>
      </form>
      <Link to="/m/login" className={buttonClassName({ variant: 'ghost', block: true })}>
        {t('chat.guest.member')}
      </Link>
    </section>
  );
}

// ------------------------------------------------------------------ the conversation

function Conversation({ actor, focusComposer }: { actor: ChatActor; focusComposer: boolean }) {
  const t = useT();
  const connection = useSelector(actor, connectionOf);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const peerTyping = useSelector(actor, (s) => s.matches({ live: { connection: { open: { peer: 'typing' } } } }));
  const staffName = useSelector(actor, (s) => s.context.messages.findLast((m) => m.staffName !== null)?.staffName ?? null);
  return (
    <>
      <div role="status" className={styles.banner} data-shown={connection !== 'open' || undefined}>
        {connection === 'connecting' ? t('chat.connection.connecting') : connection === 'reconnecting' ? t('chat.connection.reconnecting') : ''}
        {connection === 'reconnecting' ? (
          <Button variant="ghost" compact onClick={() => actor.send({ type: 'connection.retry' })}>
            {t('chat.connection.retry')}
          </Button>
        ) : null}
      </div>
      {connection === 'open' ? <MessageAlert messageId={errorCode} /> : null}
      <MessageLog actor={actor} />
      <p className={styles.typing} aria-live="polite">
        {peerTyping ? t('chat.typing', { name: staffName ?? t('chat.author.staff') }) : ''}
      </p>
      <Composer actor={actor} autoFocus={focusComposer} />
    </>
  );
}

function useFormatTime() {
  const intl = useIntl();
  return (iso: string) => intl.formatTime(iso, { hour: '2-digit', minute: '2-digit' });
}

const isOwn = (m: ChatMessage) => m.author === 'member' || m.author === 'guest';

function MessageLog({ actor }: { actor: ChatActor }) {
  const t = useT();
  const messages = useSelector(actor, (s) => s.context.messages);
  const outbox = useSelector(actor, (s) => s.context.outbox);
  const conversationId = useSelector(actor, (s) => s.context.conversationId);
  const staffReadSeq = useSelector(actor, (s) => s.context.staffReadSeq);
  const log = useRef<HTMLDivElement>(null);
  // The staff's receipt shows under the last of the visitor's messages they have read.
  const readSeq = messages.findLast((m) => m.conversationId === conversationId && isOwn(m) && m.seq <= staffReadSeq)?.seq ?? null;
  const count = messages.length + outbox.length;

  useEffect(() => {
    // New messages come into view at the end of the log.
    if (count > 0 && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [count]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so a keyboard must be able to reach it
    <div ref={log} className={styles.log} role="log" aria-live="polite" aria-label={t('chat.log')} tabIndex={0}>
      {count === 0 ? (
        <p className={styles.empty}>{t('chat.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {messages.map((m) => (
            <MessageItem key={`${m.conversationId}:${m.seq}`} message={m} read={m.conversationId === conversationId && m.seq === readSeq} />
          ))}
          {outbox.map((item) => (
            <OutboxEntry key={item.clientId} item={item} actor={actor} />
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageItem({ message, read }: { message: ChatMessage; read: boolean }) {
  const t = useT();
  const formatTime = useFormatTime();
  const staff = message.staffName ?? t('chat.author.staff');
  if (message.author === 'system' || message.kind !== 'text') {
    return (
      <li className={styles.system}>
        {message.kind === 'assigned' ? t('chat.system.assigned', { name: staff }) : t('chat.system.closed')}
      </li>
    );
  }
  const own = isOwn(message);
  return (
    <li className={own ? styles.own : styles.staff}>
      <span className={own ? styles.visuallyHidden : styles.author}>{own ? t('chat.author.you') : staff}</span>
      <p className={styles.bubble}>
        <ChatText text={message.body} linkClassName={styles.link} />
      </p>
      <span className={styles.meta}>
        <time dateTime={message.at}>{formatTime(message.at)}</time>
        {read ? <span className={styles.read}>{t('chat.message.read')}</span> : null}
      </span>
    </li>
  );
}

function OutboxEntry({ item, actor }: { item: OutboxItem; actor: ChatActor }) {
  const t = useT();
  const errorText = useErrorText();
  const failed = item.status === 'failed';
  return (
    <li className={styles.own} data-status={item.status}>
      <span className={styles.visuallyHidden}>{t('chat.author.you')}</span>
      <p className={styles.bubble}>
        <ChatText text={item.body} linkClassName={styles.link} />
      </p>
      {failed ? (
        <span className={styles.failed}>
          <span role="alert">{t('chat.message.failed', { reason: errorText(item.errorCode ?? 'unknown') })}</span>
          <Button variant="ghost" compact onClick={() => actor.send({ type: 'message.retry', clientId: item.clientId })}>
            {t('chat.message.retry')}
          </Button>
          <Button variant="ghost" compact onClick={() => actor.send({ type: 'message.discard', clientId: item.clientId })}>
            {t('chat.message.discard')}
          </Button>
        </span>
      ) : (
        <span className={styles.meta}>{t('chat.message.sending')}</span>
      )}
    </li>
  );
}

// ------------------------------------------------------------------ the composer

/** A message to send: not blank (said as the guest form's fields say it), at most 1,000 characters. */
const composerSchema = z.object({
  body: z.string().check(z.refine((v) => isSendableText(v), 'chat.guest.required'), z.maxLength(maxChatMessageLength, 'chat.composer.tooLong')),
});
type ComposerValues = z.infer<typeof composerSchema>;

function Composer({ actor, autoFocus }: { actor: ChatActor; autoFocus: boolean }) {
  const t = useT();
  const ids = { body: useId(), count: useId(), error: useId() };
  const box = useRef<HTMLTextAreaElement | null>(null);
  const { register, handleSubmit, formState, watch, reset } = useForm<ComposerValues>({
    resolver: zodResolver(composerSchema),
    defaultValues: { body: '' },
  });
  const body = watch('body');
  const problem = formState.errors.body?.message;
  const send = handleSubmit((values) => {
    actor.send({ type: 'message.send', body: values.body });
    reset({ body: '' });
    box.current?.focus();
  });
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);
  const { ref, ...field } = register('body', { onChange: () => actor.send({ type: 'draft.changed' }) });
  // Enter sends; Shift+Enter starts a new line (and Enter that ends an input method's composition does neither).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  return (
    <form className={styles.composer} noValidate onSubmit={send}>
      <label className={styles.visuallyHidden} htmlFor={ids.body}>
        {t('chat.composer.label')}
      </label>
      <textarea
        id={ids.body}
        className={styles.textarea}
        rows={2}
        maxLength={maxChatMessageLength}
        enterKeyHint="send"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${ids.count}${problem ? ` ${ids.error}` : ''}`}
        onKeyDown={onKeyDown}
        ref={(element) => {
          ref(element);
          box.current = element;
        }}
        {...field}
      />
      <Button type="submit" className={styles.send}>
        {t('chat.composer.send')}
      </Button>
      <span id={ids.count} className={styles.counter} data-over={body.length > maxChatMessageLength || undefined}>
        {t('chat.composer.count', { count: body.length, max: maxChatMessageLength })}
      </span>
      {problem ? (
        <span id={ids.error} role="alert" className={styles.fieldError}>
          {t(problem as MessageId, { max: maxChatMessageLength })}
        </span>
      ) : null}
    </form>
  );
}
