import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Promotion, PromotionStatus } from '../../../contract/promotions.ts';
import type { ActorRefFrom } from 'xstate';
import type { promotionApplyMachine } from '../../../machines/promotion-apply.machine.ts';
import { promotionsIn } from '../../../machines/promotions.machine.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { useLanguageChanges, useRole } from '../../app/app-actor.tsx';
import { providePromotionsMachine } from '../../app/promotions-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, LoadFailed } from '../../ui/empty-state.tsx';
import { SafeHtml } from '../../ui/safe-html.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { ApplySheet } from './apply-sheet.tsx';
import { CategorySwiper } from './category-swiper.tsx';
import styles from './promotions.module.css';

type PromotionsActor = ReturnType<typeof useSystemActor<ReturnType<typeof providePromotionsMachine>>>;

/** The label shown for each status (spec section 2), and how it reads. */
const statusLabels: Record<PromotionStatus | 'process', { id: MessageId; tone?: 'go' | 'done' | 'bad' }> = {
  join: { id: 'promo.status.join', tone: 'go' },
  claim: { id: 'promo.status.claim', tone: 'go' },
  applying: { id: 'promo.status.applying' },
  close: { id: 'promo.status.close' },
  rejected: { id: 'promo.status.rejected', tone: 'bad' },
  issued: { id: 'promo.status.issued', tone: 'done' },
  claimed: { id: 'promo.status.claimed', tone: 'done' },
  process: { id: 'promo.status.process' },
  joined: { id: 'promo.status.joined', tone: 'done' },
  comingSoon: { id: 'promo.status.comingSoon' },
};

/** The promotion the address names (`?id=`), if it is a promotion id at all. */
export function openIdOf(id: string | undefined): number | null {
  const n = Number(id);
  return id && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Promotions (/m/activity and /m/activityDetail): the category swiper and the
 * accordion of promotions; `openId` (the address's `?id=`) opens that one and
 * scrolls to it. Join, apply and claim per the promotion's status.
 */
export function PromotionsScreen({ openId }: { openId: number | null }) {
  useCatalogPart('content');
  const role = useRole();
  // A new session (login, logout) or a new address id starts again with what it sees.
  return <Promotions key={`${role}:${openId ?? ''}`} role={role} openId={openId} />;
}

function Promotions({ role, openId }: { role: ReturnType<typeof useRole>; openId: number | null }) {
  const t = useT();
  const errorText = useErrorText();
  const logic = useMemo(() => providePromotionsMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'promotions', input: { openId, role } });
  useLanguageChanges(actor);
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches({ shown: { list: 'empty' } }) ? 'empty' : 'ready',
  );
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const categories = useSelector(actor, (s) => s.context.categories);
  const categoryId = useSelector(actor, (s) => s.context.categoryId);

  if (state === 'loading') {
    return (
      <section className={styles.screen} aria-busy="true" aria-label={t('promo.loading')}>
        <Skeleton className={styles.skeleton} />
        <Skeleton className={styles.skeleton} />
      </section>
    );
  }
  if (state === 'failed') {
    return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'promotions.retry' })} />;
  }
  return (
    <div className={styles.screen}>
      <CategorySwiper categories={categories} chosen={categoryId} onChoose={(next) => actor.send({ type: 'category.select', categoryId: next })} />
      {state === 'empty' ? (
        <EmptyState
          icon="gift"
          title={t('promo.empty.title')}
          body={t('promo.empty.body')}
          action={
            categoryId !== null ? (
              <Button variant="secondary" onClick={() => actor.send({ type: 'category.select', categoryId: null })}>
                {t('promo.empty.all')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <PromotionList actor={actor} />
      )}
      <ActionToast actor={actor} />
      <ApplyOverlay actor={actor} />
    </div>
  );
}

function PromotionList({ actor }: { actor: PromotionsActor }) {
  const t = useT();
  const promotions = useSelector(actor, (s) => promotionsIn(s.context.promotions, s.context.categoryId));
  return (
    <ul className={styles.list} aria-label={t('promo.list')}>
      {promotions.map((promotion) => (
        <PromotionItem key={promotion.id} actor={actor} promotion={promotion} />
      ))}
    </ul>
  );
}

const mainImageOf = (promotion: Promotion) =>
  (promotion.announcementImages.find((image) => image.sequence === 1) ?? promotion.announcementImages[0])?.url ?? null;

function PromotionItem({ actor, promotion }: { actor: PromotionsActor; promotion: Promotion }) {
  const t = useT();
  const open = useSelector(actor, (s) => s.context.openId === promotion.id);
  const scrollTo = useSelector(actor, (s) => s.context.scrollToId === promotion.id);
  const claiming = useSelector(actor, (s) => s.context.actingId === promotion.id && s.matches({ shown: { action: 'claiming' } }));
  const busy = useSelector(actor, (s) => s.context.actingId === promotion.id);
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!scrollTo) return;
    item.current?.scrollIntoView?.({ block: 'start' });
    actor.send({ type: 'promotion.scrolled' });
  }, [scrollTo, actor]);
  const label = statusLabels[claiming ? 'process' : promotion.status];
  const image = mainImageOf(promotion);
  const bodyId = `promotion-${promotion.id}`;
  return (
    <li ref={item} className={styles.item} data-testid={`promotion-${promotion.id}`}>
      <h2 className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => actor.send({ type: 'promotion.open', id: promotion.id })}
        >
          {image ? <img className={styles.image} src={image} alt="" /> : null}
          <span className={styles.summary}>
            <span className={styles.title}>{promotion.title}</span>
            <span className={styles.dates}>
              {promotion.noExpiry === 1 || !promotion.endDate
                ? t('promo.longTerm')
                : t('promo.dates', { start: promotion.startDate, end: promotion.endDate })}
            </span>
            <span className={styles.status} data-tone={label.tone} data-testid="promotion-status">
              {t(label.id)}
            </span>
          </span>
        </button>
      </h2>
      {open ? (
        <div id={bodyId} className={styles.body}>
          {promotion.status === 'rejected' && promotion.rejectReason ? (
            <p className={styles.reason}>{t('promo.rejectReason', { reason: promotion.rejectReason })}</p>
          ) : null}
          <SafeHtml html={promotion.content} className={styles.content} />
          {promotion.status === 'join' ? (
            <Button block disabled={busy} onClick={() => actor.send({ type: 'promotion.join', id: promotion.id })}>
              {promotion.mode === 'apply' ? t('promo.action.apply') : t('promo.action.join')}
            </Button>
          ) : null}
          {promotion.status === 'claim' ? (
            <Button block aria-disabled={busy || undefined} onClick={() => actor.send({ type: 'claim.submit', id: promotion.id })}>
              {claiming ? t('promo.status.process') : t('promo.action.claim')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** One toast at a time: a claim's or a join's result, or a refusal (the machine times each). */
function ActionToast({ actor }: { actor: PromotionsActor }) {
  const t = useT();
  const errorText = useErrorText();
  const toast = useSelector(actor, (s) =>
    s.matches({ shown: { action: 'claimed' } })
      ? 'claimed'
      : s.matches({ shown: { action: 'joined' } })
        ? 'joined'
        : s.matches({ shown: { action: 'failed' } }) || s.matches({ shown: { action: 'refused' } })
          ? 'failed'
          : null,
  );
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  if (!toast) return null;
  if (toast === 'failed') {
    return (
      <p role="alert" className={styles.toast}>
        {errorText(errorCode ?? 'unknown')}
      </p>
    );
  }
  return (
    <p role="status" className={styles.toast}>
      {toast === 'claimed' ? t('promo.claim.success') : t('promo.join.success')}
    </p>
  );
}

function ApplyOverlay({ actor }: { actor: PromotionsActor }) {
  const apply = useSelector(actor, (s) => s.children.apply as ActorRefFrom<typeof promotionApplyMachine> | undefined);
  return apply ? <ApplySheet actor={apply} /> : null;
}
