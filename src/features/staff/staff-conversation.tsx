import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { type ChatMessage, type ConversationSummary, maxChatMessageLength } from '../../../contract/chat.ts';
import { canAssign, canClose, canReply, type OutboxItem, outboxOf } from '../../../machines/staff-console.setup.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { ChatText } from '../../ui/chat-text.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useMessageText } from '../../ui/message-alert.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { StaffConsoleActor } from './staff-console-actor.ts';
import styles from './staff-console.module.css';
import { useWhen } from './staff-conversation-row.tsx';

const replySchema = z.object({
  body: z.string().check(
    z.refine((v) => v.trim() !== '', { message: 'staff.reply.empty' }),
    z.refine((v) => v.trim().length <= maxChatMessageLength, { message: 'staff.reply.tooLong' }),
  ),
});
type ReplyValues = z.infer<typeof replySchema>;

const isVisitor = (m: ChatMessage) => m.author === 'member' || m.author === 'guest';

/** One message: who wrote it and when, its text with its links; what happened to the conversation, translated. */
function MessageItem({ message, visitor, seen }: { message: ChatMessage; visitor: string; seen: boolean }) {
  const t = useT();
  const when = useWhen();
  if (message.author === 'system' || message.kind !== 'text') {
    const name = message.staffName ?? '';
    const text =
      message.kind === 'assigned'
        ? t('staff.system.assigned', { name })
        : name
          ? t('staff.system.closedBy', { name })
          : t('staff.system.closed');
    return (
      <li className={styles.system}>
        <span>{text}</span> <time dateTime={message.at}>{when(message.at)}</time>
      </li>
    );
  }
  const fromVisitor = isVisitor(message);
  return (
    <li className={fromVisitor ? styles.fromVisitor : styles.fromStaff}>
      <span className={styles.author}>
        {fromVisitor ? visitor : (message.staffName ?? t('staff.author.staff'))} <time dateTime={message.at}>{when(message.at)}</time>
      </span>
      <p className={styles.body}>
        <ChatText text={message.body} linkClassName={styles.link} />
      </p>
      {seen ? <span className={styles.seen}>{t('staff.message.seen')}</span> : null}
    </li>
  );
}

/** A reply on its way, or refused with its reason, to send again or drop. */
function OutboxEntry({ item, actor }: { item: OutboxItem; actor: StaffConsoleActor }) {
  const t = useT();
  const text = useMessageText();
  return (
    <li className={[styles.fromStaff, styles.pending].join(' ')}>
      <p className={styles.body}>
        <ChatText text={item.body} linkClassName={styles.link} />
      </p>
      {item.status === 'sending' ? (
        <span className={styles.seen}>{t('staff.message.sending')}</span>
      ) : (
        <span className={styles.failedLine}>
          <span className={styles.fieldError}>{t('staff.message.failed', { reason: text(item.errorCode ?? 'unknown') })}</span>
          <Button variant="secondary" compact onClick={() => actor.send({ type: 'reply.retry', clientId: item.clientId })}>
            {t('staff.message.retry')}
          </Button>
          <Button variant="ghost" compact onClick={() => actor.send({ type: 'reply.discard', clientId: item.clientId })}>
            {t('staff.message.discard')}
          </Button>
        </span>
      )}
    </li>
  );
}

/** The reply box: at most 1000 characters; Enter sends, Shift+Enter starts a new line. */
const replyLimits = { max: String(maxChatMessageLength) };

function ReplyForm({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const text = useMessageText(replyLimits);
  const inputId = useId();
  const noteId = useId();
  const { register, handleSubmit, reset, control, formState } = useForm<ReplyValues>({ resolver: zodResolver(replySchema), defaultValues: { body: '' } });
  const body = useWatch({ control, name: 'body' });
  const send = handleSubmit((values) => {
    actor.send({ type: 'reply.send', body: values.body });
    reset({ body: '' });
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  const error = formState.errors.body?.message;
  return (
    <form className={styles.reply} noValidate onSubmit={send}>
      <label className={styles.label} htmlFor={inputId}>
        {t('staff.reply.label')}
      </label>
      <textarea
        id={inputId}
        className={styles.textarea}
        rows={3}
        maxLength={maxChatMessageLength}
        aria-describedby={noteId}
        aria-invalid={error ? true : undefined}
        onKeyDown={onKeyDown}
        {...register('body', { onChange: () => actor.send({ type: 'reply.typing' }) })}
      />
      <div className={styles.replyBar}>
        <span id={noteId} className={error ? styles.fieldError : styles.hint}>
          {error ? text(error) : t('staff.reply.hint', { count: body.length, max: maxChatMessageLength })}
        </span>
        <Button type="submit" variant="primary" compact>
          {t('staff.reply.send')}
        </Button>
      </div>
    </form>
  );
}

function ownerText(t: ReturnType<typeof useT>, c: ConversationSummary, staffId: number | null) {
  if (c.staffId === null) return t('staff.queue.unassigned');
  return c.staffId === staffId ? t('staff.queue.assignedToMe') : t('staff.queue.assignedTo', { name: c.staffName ?? '' });
}

/** The conversation shown: its visitor, its messages as a live log, what the staff member may do with it. */
function ConversationView({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const text = useMessageText();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const conversation = useSelector(actor, (s) => s.context.conversation);
  const messages = useSelector(actor, (s) => s.context.messages);
  const outbox = useSelector(actor, (s) => outboxOf(s.context));
  const readOnly = useSelector(actor, (s) => s.matches({ signedIn: { conversation: 'readOnly' } }));
  const replyAllowed = useSelector(actor, (s) => canReply(s.context));
  const assignable = useSelector(actor, (s) => canAssign(s.context) && s.matches({ signedIn: { conversation: { live: { manage: 'idle' } } } }));
  const closable = useSelector(actor, (s) => canClose(s.context) && s.matches({ signedIn: { conversation: { live: { manage: 'idle' } } } }));
  const busy = useSelector(
    actor,
    (s) => s.matches({ signedIn: { conversation: { live: { manage: 'assigning' } } } }) || s.matches({ signedIn: { conversation: { live: { manage: 'closing' } } } }),
  );
  const typing = useSelector(actor, (s) => s.matches({ signedIn: { conversation: { live: { visitor: 'typing' } } } }));
  const visitorReadSeq = useSelector(actor, (s) => s.context.visitorReadSeq);
  const staffId = useSelector(actor, (s) => s.context.session?.staff.id ?? null);
  const notice = useSelector(actor, (s) => s.context.notice);
  const conversationId = conversation?.id;

  // A conversation opened: the reader starts at its name.
  useEffect(() => {
    if (conversationId !== undefined) heading.current?.focus();
  }, [conversationId]);

  // New messages show at the end of the log.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lengths are the trigger.
  useLayoutEffect(() => {
    const node = log.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [messages.length, outbox.length]);

  if (!conversation) return null;
  const seenSeq = messages.reduce((last, m) => (m.author === 'staff' && m.kind === 'text' && m.seq <= visitorReadSeq ? m.seq : last), 0);

  return (
    <section className={styles.conversation} aria-labelledby={titleId}>
      <header className={styles.conversationHeader}>
        <Button variant="ghost" compact className={styles.back} onClick={() => actor.send({ type: 'conversation.leave' })}>
          <Icon name="chevron-left" aria-hidden="true" focusable="false" />
          {t('staff.conversation.back')}
        </Button>
        <div className={styles.conversationTitle}>
          <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.visitorName}>
            {conversation.visitor}
          </h2>
          <p className={styles.rowMeta}>
            <span className={conversation.guest ? styles.guestTag : styles.memberTag}>{t(conversation.guest ? 'staff.visitor.guest' : 'staff.visitor.member')}</span>
            {conversation.guest && conversation.contact ? <span>{t('staff.visitor.contact', { contact: conversation.contact })}</span> : null}
            <span>{ownerText(t, conversation, staffId)}</span>
            <span>{t(conversation.status === 'open' ? 'staff.status.open' : 'staff.status.closed')}</span>
          </p>
        </div>
        {assignable || closable ? (
          <div className={styles.actions}>
            {assignable ? (
              <Button variant="primary" compact disabled={busy} onClick={() => actor.send({ type: 'conversation.assign' })}>
                {t('staff.conversation.assign')}
              </Button>
            ) : null}
            {closable ? (
              <Button variant="danger" compact disabled={busy} onClick={() => actor.send({ type: 'conversation.close' })}>
                {t('staff.conversation.close')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </header>
      {notice ? (
        <div className={styles.notice} role="alert">
          <span>{text(notice)}</span>
          <Button variant="ghost" compact onClick={() => actor.send({ type: 'notice.dismiss' })}>
            {t('staff.notice.dismiss')}
          </Button>
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log is reached and scrolled with the keyboard. */}
      <div ref={log} className={styles.messages} role="log" aria-label={t('staff.conversation.log', { visitor: conversation.visitor })} tabIndex={0}>
        <ol className={styles.messageList}>
          {messages.map((m) => (
            <MessageItem key={m.seq} message={m} visitor={conversation.visitor} seen={m.seq === seenSeq} />
          ))}
          {outbox.map((item) => (
            <OutboxEntry key={item.clientId} item={item} actor={actor} />
          ))}
        </ol>
      </div>
      <p className={styles.typing} role="status">
        {typing ? t('staff.conversation.typing', { visitor: conversation.visitor }) : ''}
      </p>
      {readOnly ? (
        <p className={styles.note}>{t('staff.conversation.readOnly')}</p>
      ) : replyAllowed ? (
        <ReplyForm key={conversation.id} actor={actor} />
      ) : (
        <p className={styles.note}>
          {conversation.status === 'closed' ? t('staff.conversation.closedNote') : t('staff.conversation.takenNote', { name: conversation.staffName ?? '' })}
        </p>
      )}
    </section>
  );
}

/** The conversation pane: nothing chosen yet, loading, failed, or the conversation. */
export function StaffConversation({ actor }: { actor: StaffConsoleActor }) {
  const t = useT();
  const errorText = useErrorText();
  const view = useSelector(actor, (s) =>
    s.matches({ signedIn: { conversation: 'none' } })
      ? 'none'
      : s.matches({ signedIn: { conversation: 'loading' } })
        ? 'loading'
        : s.matches({ signedIn: { conversation: 'failed' } })
          ? 'failed'
          : 'shown',
  );
  const conversationError = useSelector(actor, (s) => s.context.conversationError);
  if (view === 'none') {
    return <EmptyState icon="messages-square" title={t('staff.conversation.none')} body={t('staff.conversation.noneBody')} />;
  }
  if (view === 'loading') {
    return (
      <div className={styles.conversation} aria-busy="true" role="status" aria-label={t('staff.conversation.loading')}>
        <Skeleton className={styles.skeletonTitle} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={styles.skeletonMessage} />
        ))}
      </div>
    );
  }
  if (view === 'failed') {
    return (
      <div className={styles.conversation}>
        <Button variant="ghost" compact className={styles.back} onClick={() => actor.send({ type: 'conversation.leave' })}>
          <Icon name="chevron-left" aria-hidden="true" focusable="false" />
          {t('staff.conversation.back')}
        </Button>
        <LoadFailed title={errorText(conversationError ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'conversation.retry' })} />
      </div>
    );
  }
  return <ConversationView actor={actor} />;
}
