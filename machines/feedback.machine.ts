import { assign, fromPromise, setup } from 'xstate';
import { errorCodes } from '../contract/error-codes.ts';
import { countWords, type FeedbackItem, type FeedbackLimits, type FeedbackPage, type FeedbackType, feedbackImageLimits } from '../contract/feedback.ts';
import { errorCodeOf } from './identity-types.ts';
import type { PickedImage } from './promotion-apply.machine.ts';

/** An image the member picked, as a promotion application's are. */
export type PickedFeedbackImage = PickedImage;

export interface FeedbackRequest {
  type: FeedbackType;
  content: string;
  images: PickedFeedbackImage[];
}

export interface FeedbackContext {
  /** The merchant's limits, from the list's answer. */
  limits: FeedbackLimits | null;
  /** The member's feedback, newest first, as far as loaded. */
  list: FeedbackItem[];
  total: number;
  pageNo: number;
  images: PickedFeedbackImage[];
  /** The last request sent. */
  request: FeedbackRequest | null;
  /** A refusal of the rules or of the server (a code of contract/error-codes.ts). */
  errorCode: string | null;
}

export type FeedbackEvent =
  | { type: 'image.pick'; image: PickedFeedbackImage }
  | { type: 'image.remove'; id: string }
  | { type: 'form.submit'; questionType: FeedbackType; content: string }
  | { type: 'list.more' }
  | { type: 'feedback.retry' };

export const feedbackListPageSize = 20;

type Pick = Extract<FeedbackEvent, { type: 'image.pick' }>;
type Submit = Extract<FeedbackEvent, { type: 'form.submit' }>;

const wordsOf = (event: unknown) => countWords((event as Submit).content);

/**
 * Feedback (/m/feedback; spec sections 3, 4 and 9): the member's own feedback
 * with the operator's replies, and the form to send one. The list's first
 * page (with the merchant's word limits) loads first; a failure offers a
 * retry. Then the form: images are checked as they are picked (png or jpg,
 * at most 5 MB, at most 3), a submit is checked against the word limits
 * (contract `countWords`), then `submitFeedback` sends it (the app reads the
 * files); the answer joins the top of the list, the form empties and 'Feedback
 * sent' shows for the success toast's time. A refusal of the server shows its
 * message and keeps what was entered (send again to retry). `list.more` loads
 * the next page while there is one.
 */
export const feedbackMachine = setup({
  types: {
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
  },
  actors: {
    loadFeedbackPage: fromPromise<FeedbackPage, { pageNo: number }>(async () => {
      throw new Error('loadFeedbackPage is provided by the app');
    }),
    submitFeedback: fromPromise<FeedbackItem, FeedbackRequest>(async () => {
      throw new Error('submitFeedback is provided by the app');
    }),
  },
  guards: {
    hasMaxImages: ({ context }) => context.images.length >= (context.limits?.imagesMax ?? feedbackImageLimits.imagesMax),
    isImageTypeInvalid: ({ event }) => !(feedbackImageLimits.imageTypes as readonly string[]).includes((event as Pick).image.type),
    isImageTooLarge: ({ context, event }) => (event as Pick).image.size > (context.limits?.imageBytesMax ?? feedbackImageLimits.imageBytesMax),
    hasTooFewWords: ({ context, event }) => wordsOf(event) < (context.limits?.minWords ?? 1),
    hasTooManyWords: ({ context, event }) => context.limits !== null && wordsOf(event) > context.limits.maxWords,
    hasMore: ({ context }) => context.list.length < context.total,
  },
  actions: {
    keepRequest: assign({
      errorCode: null,
      request: ({ context, event }) => ({ type: (event as Submit).questionType, content: (event as Submit).content, images: context.images }),
    }),
  },
  delays: {
    /** Spec section 9: a success toast shows 1 s. */
    successToast: 1000,
  },
}).createMachine({
  id: 'feedback',
  context: { limits: null, list: [], total: 0, pageNo: 0, images: [], request: null, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFeedback',
        src: 'loadFeedbackPage',
        input: { pageNo: 1 },
        onDone: {
          target: 'ready',
          actions: assign({
            limits: ({ event }) => event.output.limits,
            list: ({ event }) => event.output.list,
            total: ({ event }) => event.output.total,
            pageNo: 1,
            errorCode: null,
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'feedback.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'editing',
      on: {
        'image.pick': [
          { guard: 'hasMaxImages', actions: assign({ errorCode: errorCodes.uploadTooMany }) },
          { guard: 'isImageTypeInvalid', actions: assign({ errorCode: errorCodes.uploadTypeInvalid }) },
          { guard: 'isImageTooLarge', actions: assign({ errorCode: errorCodes.uploadTooLarge }) },
          { actions: assign({ images: ({ context, event }) => [...context.images, event.image], errorCode: null }) },
        ],
        'image.remove': {
          actions: assign({ images: ({ context, event }) => context.images.filter((image) => image.id !== event.id), errorCode: null }),
        },
      },
      states: {
        editing: {
          on: {
            'form.submit': [
              { guard: 'hasTooFewWords', target: 'editing', actions: assign({ errorCode: errorCodes.feedbackWordsTooFew }) },
              { guard: 'hasTooManyWords', target: 'editing', actions: assign({ errorCode: errorCodes.feedbackWordsTooMany }) },
              { target: 'submitting', actions: 'keepRequest' },
            ],
            'list.more': { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        /** The server refused the feedback or the next page: its message shows; the form is kept. */
        failed: {
          on: {
            'form.submit': [
              { guard: 'hasTooFewWords', target: 'editing', actions: assign({ errorCode: errorCodes.feedbackWordsTooFew }) },
              { guard: 'hasTooManyWords', target: 'editing', actions: assign({ errorCode: errorCodes.feedbackWordsTooMany }) },
              { target: 'submitting', actions: 'keepRequest' },
            ],
            'list.more': { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        submitting: {
          invoke: {
            id: 'submitFeedback',
            src: 'submitFeedback',
            input: ({ context }) => context.request!,
            onDone: {
              target: 'submitted',
              actions: assign({
                list: ({ context, event }) => [event.output, ...context.list.filter((item) => item.id !== event.output.id)],
                total: ({ context, event }) => context.total + (context.list.some((item) => item.id === event.output.id) ? 0 : 1),
                images: [],
                errorCode: null,
              }),
            },
            onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        /** 'Feedback sent' shows for the success toast's time (the view empties its form as it enters). */
        submitted: {
          after: { successToast: { target: 'editing' } },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadFeedbackPage',
            input: ({ context }) => ({ pageNo: context.pageNo + 1 }),
            onDone: {
              target: 'editing',
              actions: assign({
                // A feedback sent meanwhile shifts the pages: keep each item once.
                list: ({ context, event }) => [...context.list, ...event.output.list.filter((item) => !context.list.some((known) => known.id === item.id))],
                total: ({ event }) => event.output.total,
                pageNo: ({ context }) => context.pageNo + 1,
              }),
            },
            onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
  },
});
