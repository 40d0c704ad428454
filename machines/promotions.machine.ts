import { assign, fromPromise, setup } from 'xstate';
import { errorCodes } from '../contract/error-codes.ts';
import type { Promotion, PromotionCategory } from '../contract/promotions.ts';
import { errorCodeOf } from './identity-types.ts';
import { promotionApplyMachine } from './promotion-apply.machine.ts';
import type { Role } from './session.ts';

export interface PromotionsData {
  categories: PromotionCategory[];
  promotions: Promotion[];
}

export interface PromotionsInput {
  /** The promotion the address names (`?id=`): opened and scrolled to once loaded. */
  openId: number | null;
  role: Role;
}

export interface PromotionsContext {
  role: Role;
  categories: PromotionCategory[];
  promotions: Promotion[];
  /** The chosen category; null is "all". */
  categoryId: number | null;
  /** The open promotion of the accordion. */
  openId: number | null;
  /** The promotion the view should scroll to (the address's), until it says it did. */
  scrollToId: number | null;
  /** The promotion a claim or a join is on its way for. */
  actingId: number | null;
  /** The last claim's or join's refusal. */
  errorCode: string | null;
}

export type PromotionsEvent =
  | { type: 'promotions.retry' }
  | { type: 'language.change' }
  | { type: 'category.select'; categoryId: number | null }
  | { type: 'promotion.open'; id: number }
  | { type: 'promotion.scrolled' }
  | { type: 'promotion.join'; id: number }
  | { type: 'claim.submit'; id: number };

type Tap = Extract<PromotionsEvent, { type: 'promotion.join' | 'claim.submit' }>;

const promotionOf = (context: PromotionsContext, id: number) => context.promotions.find((p) => p.id === id);
const replacePromotion = (promotions: Promotion[], next: Promotion) => promotions.map((p) => (p.id === next.id ? next : p));

/** The promotions of a category (all of them for null), in the server's order. */
export const promotionsIn = (promotions: Promotion[], categoryId: number | null) =>
  categoryId === null ? promotions : promotions.filter((p) => p.promoAnnouncementCategoryIds.includes(categoryId));

/**
 * Promotions (/m/activity, /m/activityDetail; spec sections 2, 3 and 6).
 * Loads the categories and the promotions of the reader's language
 * (`loadPromotions`; a language change loads them again); a failure offers a
 * retry. The list shows the chosen category's promotions ("all" first),
 * `empty` when it has none. One promotion is open at a time (the accordion);
 * the address's `id` opens that one and asks the view to scroll to it.
 *
 * Taking part (`action` region): join on a promotion of mode apply opens the
 * application (`promotionApply`, its own machine), which ends with the
 * promotion as the server now sees it; join on mode join joins
 * (`joinPromotion`); claim pays an approved application's bonus
 * (`claimPromotion`; the list shows `process` on it meanwhile and
 * `balanceChanged` lets the app refresh the balance). A tap while a claim, a
 * join or an application is under way does nothing. A guest who joins is sent
 * to /m/login (`goToLogin`; the application machine does the same); a trial
 * account is refused with the spec's message for the free-account toast's time.
 */
export const promotionsMachine = setup({
  types: {
    context: {} as PromotionsContext,
    events: {} as PromotionsEvent,
    input: {} as PromotionsInput,
  },
  actors: {
    loadPromotions: fromPromise<PromotionsData>(async () => {
      throw new Error('loadPromotions is provided by the app');
    }),
    claimPromotion: fromPromise<Promotion, { applicationId: number }>(async () => {
      throw new Error('claimPromotion is provided by the app');
    }),
    joinPromotion: fromPromise<Promotion, { promotionId: number }>(async () => {
      throw new Error('joinPromotion is provided by the app');
    }),
    promotionApply: promotionApplyMachine,
  },
  actions: {
    /** Sends the guest to /m/login (the app provides it). */
    goToLogin: () => {},
    /** A bonus was paid: the app refreshes the balance. */
    balanceChanged: () => {},
  },
  guards: {
    isGuest: ({ context }) => context.role === 'guest',
    isTrial: ({ context }) => context.role === 'trial',
    hasPromotions: ({ context }) => promotionsIn(context.promotions, context.categoryId).length > 0,
    canJoin: ({ context, event }) => promotionOf(context, (event as Tap).id)?.status === 'join',
    isApplyMode: ({ context }) => context.actingId !== null && promotionOf(context, context.actingId)?.mode === 'apply',
    canClaim: ({ context, event }) => {
      const promotion = promotionOf(context, (event as Tap).id);
      return promotion?.status === 'claim' && promotion.applicationId !== null;
    },
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    successToast: 1000,
    /** Spec section 9: the default toast shows 1.5 s. */
    errorToast: 1500,
    /** Spec section 9: the free-account refusal shows 2 s. */
    trialToast: 2000,
  },
}).createMachine({
  id: 'promotions',
  context: ({ input }) => ({
    role: input.role,
    categories: [],
    promotions: [],
    categoryId: null,
    openId: input.openId,
    scrollToId: input.openId,
    actingId: null,
    errorCode: null,
  }),
  initial: 'loading',
  on: {
    'language.change': { target: '.loading' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPromotions',
        src: 'loadPromotions',
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => {
            const { categories, promotions } = event.output;
            const known = (id: number | null) => (id !== null && promotions.some((p) => p.id === id) ? id : null);
            return {
              categories,
              promotions,
              categoryId: categories.some((c) => c.id === context.categoryId) ? context.categoryId : null,
              openId: known(context.openId),
              scrollToId: known(context.scrollToId),
              errorCode: null,
            };
          }),
        },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    failed: {
      on: { 'promotions.retry': { target: 'loading' } },
    },
    shown: {
      type: 'parallel',
      on: {
        'category.select': { target: '.list.deciding', actions: assign({ categoryId: ({ event }) => event.categoryId }) },
        'promotion.open': { actions: assign({ openId: ({ context, event }) => (context.openId === event.id ? null : event.id) }) },
        'promotion.scrolled': { actions: assign({ scrollToId: null }) },
      },
      states: {
        list: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'hasPromotions', target: 'ready' }, { target: 'empty' }],
            },
            ready: {},
            empty: {},
          },
        },
        action: {
          initial: 'idle',
          on: {
            'promotion.join': [
              { guard: 'canJoin', target: '.decidingJoin', actions: assign({ actingId: ({ event }) => event.id, errorCode: null }) },
            ],
            'claim.submit': { guard: 'canClaim', target: '.claiming', actions: assign({ actingId: ({ event }) => event.id, errorCode: null }) },
          },
          states: {
            idle: {},
            decidingJoin: {
              always: [
                { guard: 'isApplyMode', target: 'applying' },
                { guard: 'isGuest', target: 'idle', actions: ['goToLogin', assign({ actingId: null })] },
                { guard: 'isTrial', target: 'refused', actions: assign({ errorCode: errorCodes.trialForbidden }) },
                { target: 'joining' },
              ],
            },
            applying: {
              on: { 'promotion.join': {}, 'claim.submit': {} },
              invoke: {
                id: 'apply',
                src: 'promotionApply',
                input: ({ context }) => ({ promotion: promotionOf(context, context.actingId!)!, role: context.role }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    promotions: event.output ? replacePromotion(context.promotions, event.output) : context.promotions,
                    actingId: null,
                  })),
                },
              },
            },
            joining: {
              on: { 'promotion.join': {}, 'claim.submit': {} },
              invoke: {
                id: 'joinPromotion',
                src: 'joinPromotion',
                input: ({ context }) => ({ promotionId: context.actingId! }),
                onDone: {
                  target: 'joined',
                  actions: assign({ promotions: ({ context, event }) => replacePromotion(context.promotions, event.output), actingId: null }),
                },
                onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error), actingId: null }) },
              },
            },
            claiming: {
              on: { 'promotion.join': {}, 'claim.submit': {} },
              invoke: {
                id: 'claimPromotion',
                src: 'claimPromotion',
                input: ({ context }) => ({ applicationId: promotionOf(context, context.actingId!)!.applicationId! }),
                onDone: {
                  target: 'claimed',
                  actions: [
                    assign({ promotions: ({ context, event }) => replacePromotion(context.promotions, event.output), actingId: null }),
                    'balanceChanged',
                  ],
                },
                onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error), actingId: null }) },
              },
            },
            /** 'Claimed': the success toast. */
            claimed: { after: { successToast: { target: 'idle' } } },
            /** 'Joined': the success toast. */
            joined: { after: { successToast: { target: 'idle' } } },
            /** The server's refusal, for the default toast's time. */
            failed: { after: { errorToast: { target: 'idle', actions: assign({ errorCode: null }) } } },
            /** The trial account's refusal, for the free-account toast's time. */
            refused: { after: { trialToast: { target: 'idle', actions: assign({ errorCode: null }) } } },
          },
        },
      },
    },
  },
});
