/**
 * Live stream rooms (/m/live; spec sections 2, 3, 7: live models, active and
 * streaming; module CBS3): the rooms list, hosts on air first, and a room
 * (`?room=<id>`) playing its stream, with the live chat at hand. What loads,
 * refreshes and plays is the machines' (machines/live-rooms.machine.ts,
 * machines/live-room.machine.ts); the video element only reports its events.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSystemActor } from '../../app/actor-system.ts';
import { useChatLaunch } from '../../app/chat-entry.ts';
import { provideLiveRoomMachine, provideLiveRoomsMachine } from '../../app/live-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './live.module.css';

export function LiveScreen({ roomId }: { roomId: number | null }) {
  useCatalogPart('content');
  return roomId === null ? <RoomsList /> : <Room key={roomId} roomId={roomId} />;
}

function RoomsList() {
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => provideLiveRoomsMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'liveRooms' });
  const state = useSelector(actor, (s) => s.value as 'loading' | 'loaded' | 'failed');
  const rooms = useSelector(actor, (s) => s.context.rooms);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  if (state === 'failed') {
    return (
      <div className={styles.page}>
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'rooms.retry' })} />
      </div>
    );
  }
  if (state === 'loading' && rooms.length === 0) {
    return (
      <div className={styles.page} role="status" aria-busy="true" aria-label={t('in_please_wait')}>
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} className={styles.cardSkeleton} />
        ))}
      </div>
    );
  }
  if (rooms.length === 0) {
    return (
      <div className={styles.page}>
        <EmptyState icon="messages-square" title={t('messaging.live.empty')} body={t('messaging.live.emptyBody')} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <ul className={styles.list} aria-label={t('messaging.live.list')}>
        {rooms.map((room) => (
          <li key={room.roomId}>
            <Link to="/m/live" search={{ room: room.roomId }} className={styles.card} data-testid="live-room">
              <span className={room.streaming ? `${styles.cover} ${styles.coverLive}` : styles.cover} aria-hidden="true">
                <Icon name={room.streaming ? 'play' : 'user-round'} size={20} aria-hidden="true" focusable="false" />
              </span>
              <span className={styles.cardText}>
                <span className={styles.title}>{room.title}</span>
                <span className={styles.host}>{t('messaging.live.host', { host: room.hostName })}</span>
              </span>
              <span className={room.streaming ? `${styles.status} ${styles.onAir}` : styles.status}>
                {t(room.streaming ? 'messaging.live.onAir' : 'messaging.live.offAir')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

type RoomState = 'loading' | 'failed' | 'offAir' | { onAir: 'starting' | 'playing' | 'buffering' | 'paused' | 'streamFailed' };

function Room({ roomId }: { roomId: number }) {
  const t = useT();
  const errorText = useErrorText();
  const openChat = useChatLaunch();
  const logic = useMemo(() => provideLiveRoomMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'liveRoom', input: { roomId } });
  const state = useSelector(actor, (s) => s.value as RoomState);
  const detail = useSelector(actor, (s) => s.context.detail);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const back = (
    <Link to="/m/live" className={styles.back}>
      <Icon name="chevron-left" size={16} aria-hidden="true" />
      {t('messaging.live.allRooms')}
    </Link>
  );
  if (state === 'failed') {
    return (
      <div className={styles.page}>
        {back}
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'room.retry' })} />
      </div>
    );
  }
  if (!detail) {
    return (
      <div className={styles.page} role="status" aria-busy="true" aria-label={t('in_please_wait')}>
        <Skeleton className={styles.videoSkeleton} />
      </div>
    );
  }
  const onAir = typeof state === 'object' ? state.onAir : null;
  const note =
    onAir === 'starting' ? 'messaging.live.starting' : onAir === 'buffering' ? 'messaging.live.buffering' : onAir === 'paused' ? 'messaging.live.paused' : null;
  return (
    <div className={styles.page}>
      {back}
      <h2 className={styles.roomTitle}>{detail.room.title}</h2>
      <p className={styles.host}>
        {t('messaging.live.host', { host: detail.room.hostName })}{' '}
        <span className={onAir ? `${styles.status} ${styles.onAir}` : styles.status}>{t(onAir ? 'messaging.live.onAir' : 'messaging.live.offAir')}</span>
      </p>
      {onAir && detail.streamUrl ? (
        <>
          {onAir === 'streamFailed' ? (
            <LoadFailed title={t('messaging.live.failed')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'room.retry' })} />
          ) : (
            <video
              className={styles.video}
              src={detail.streamUrl}
              aria-label={t('messaging.live.video', { host: detail.room.hostName })}
              autoPlay
              muted
              loop
              playsInline
              controls
              onPlaying={() => actor.send({ type: 'video.playing' })}
              onWaiting={() => actor.send({ type: 'video.waiting' })}
              onPause={() => actor.send({ type: 'video.paused' })}
              onError={() => actor.send({ type: 'video.failed' })}
            />
          )}
          {note ? (
            <p className={styles.note} role="status">
              {t(note)}
            </p>
          ) : null}
        </>
      ) : (
        <EmptyState icon="messages-square" title={t('messaging.live.offAir')} body={t('messaging.live.offAirBody', { host: detail.room.hostName })} />
      )}
      <Button type="button" variant="secondary" onClick={openChat}>
        {t('messaging.live.chat')}
      </Button>
    </div>
  );
}
