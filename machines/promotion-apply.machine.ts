import { assign, fromPromise, setup } from 'xstate';
import { errorCodes } from '../contract/error-codes.ts';
import { applicationLimits, type Promotion } from '../contract/promotions.ts';
import { errorCodeOf } from './identity-types.ts';
import type { Role } from './session.ts';

/** An image the member picked: what the rules look at, and the file itself (read by the app when sending). */
export interface PickedImage {
  /** Unique within one application (the view's key and the remove button's target). */
  id: string;
  name: string;
  /** The file's MIME type as the browser reports it. */
  type: string;
  /** Bytes. */
  size: number;
  /** The file (a Blob in the browser); the machine never reads it. */
  file: unknown;
}

export interface ApplicationRequest {
  promotionId: number;
  comment: string;
  images: PickedImage[];
}

export interface PromotionApplyInput {
  promotion: Promotion;
  role: Role;
}

export interface PromotionApplyContext {
  promotion: Promotion;
  role: Role;
  images: PickedImage[];
  /** The last request sent. */
  request: ApplicationRequest | null;
  /** The promotion as the server answered a successful application. */
  applied: Promotion | null;
  /** A refusal of the rules or of the server (a code of contract/error-codes.ts, or the comment's own). */
  errorCode: string | null;
}

export type PromotionApplyEvent =
  | { type: 'image.pick'; image: PickedImage }
  | { type: 'image.remove'; id: string }
  | { type: 'apply.submit'; comment: string }
  | { type: 'apply.close' };

/** The comment is longer than the spec allows (spec section 5: at most 140 characters). */
export const commentTooLongCode = 'promotion.comment.too.long';

type Pick = Extract<PromotionApplyEvent, { type: 'image.pick' }>;
type Submit = Extract<PromotionApplyEvent, { type: 'apply.submit' }>;

/**
 * An application for a promotion of mode apply (spec sections 2, 5 and 6).
 * A guest is sent to /m/login (`goToLogin`) and a trial account (type 4) is
 * refused with the spec's message; others edit a comment (at most 140
 * characters) and up to 3 images, each checked on pick (png or jpg, at most
 * 5 MB; a 4th is refused) with the rule's message. `applyForPromotion` sends
 * it (the app reads the files); on success 'Application successful' shows for
 * the success toast's time (1 s) and the machine ends with the promotion as
 * the server now sees it. A refusal of the server shows its message and keeps
 * what was entered. Closing ends it with no promotion.
 */
export const promotionApplyMachine = setup({
  types: {
    context: {} as PromotionApplyContext,
    events: {} as PromotionApplyEvent,
    input: {} as PromotionApplyInput,
    output: {} as Promotion | null,
  },
  actors: {
    applyForPromotion: fromPromise<Promotion, ApplicationRequest>(async () => {
      throw new Error('applyForPromotion is provided by the app');
    }),
  },
  actions: {
    /** Sends the guest to /m/login (the app provides it). */
    goToLogin: () => {},
  },
  guards: {
    isGuest: ({ context }) => context.role === 'guest',
    isTrial: ({ context }) => context.role === 'trial',
    hasMaxImages: ({ context }) => context.images.length >= applicationLimits.imagesMax,
    isImageTypeInvalid: ({ event }) => !(applicationLimits.imageTypes as readonly string[]).includes((event as Pick).image.type),
    isImageTooLarge: ({ event }) => (event as Pick).image.size > applicationLimits.imageBytesMax,
    isCommentTooLong: ({ event }) => (event as Submit).comment.length > applicationLimits.commentMax,
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    successToast: 1000,
  },
}).createMachine({
  id: 'promotionApply',
  context: ({ input }) => ({ promotion: input.promotion, role: input.role, images: [], request: null, applied: null, errorCode: null }),
  output: ({ context }) => context.applied,
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isGuest', target: 'toLogin' }, { guard: 'isTrial', target: 'trialRefused' }, { target: 'form' }],
    },
    toLogin: { type: 'final', entry: 'goToLogin' },
    trialRefused: {
      entry: assign({ errorCode: errorCodes.trialForbidden }),
      on: { 'apply.close': { target: 'closed' } },
    },
    form: {
      initial: 'editing',
      on: {
        'image.pick': [
          { guard: 'hasMaxImages', target: '.editing', actions: assign({ errorCode: errorCodes.uploadTooMany }) },
          { guard: 'isImageTypeInvalid', target: '.editing', actions: assign({ errorCode: errorCodes.uploadTypeInvalid }) },
          { guard: 'isImageTooLarge', target: '.editing', actions: assign({ errorCode: errorCodes.uploadTooLarge }) },
          {
            target: '.editing',
            actions: assign({ images: ({ context, event }) => [...context.images, event.image], errorCode: null }),
          },
        ],
        'image.remove': {
          target: '.editing',
          actions: assign({ images: ({ context, event }) => context.images.filter((image) => image.id !== event.id), errorCode: null }),
        },
        'apply.submit': [
          { guard: 'isCommentTooLong', target: '.editing', actions: assign({ errorCode: commentTooLongCode }) },
          {
            target: 'submitting',
            actions: assign({
              errorCode: null,
              request: ({ context, event }) => ({ promotionId: context.promotion.id, comment: event.comment, images: context.images }),
            }),
          },
        ],
        'apply.close': { target: 'closed' },
      },
      states: {
        editing: {},
        /** The server refused: its message shows until the member changes something or sends again. */
        failed: {},
      },
    },
    submitting: {
      invoke: {
        id: 'applyForPromotion',
        src: 'applyForPromotion',
        input: ({ context }) => context.request!,
        onDone: { target: 'succeeded', actions: assign({ applied: ({ event }) => event.output }) },
        onError: { target: 'form.failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    /** 'Application successful' shows for the success toast's time. */
    succeeded: {
      after: { successToast: { target: 'done' } },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});
