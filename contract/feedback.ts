/**
 * Feedback (spec sections 3 "Other named screens … feedback", 4 "Feedback
 * question types" and 9 "Feedback content length between {0} and {1} words",
 * "images png or jpg, max 5MB each, max 3"; /m/feedback): a member sends a
 * question of one of the six types with its text and up to 3 images, sees
 * what they sent, newest first, with the operator's replies, and the operator
 * answers from the command line (`npm run admin -- feedback ...`).
 * The word limits are the merchant's (defaults 5 and 500) and come with the
 * list, so the form counts against the same numbers the server checks.
 * How words are counted: `countWords` below; docs/member.md "Feedback".
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { queryInt } from './query.ts';

/** Spec section 4: deposit problem, withdrawal issues, game problem, customer service question, application question, other. */
export const feedbackTypes = ['deposit', 'withdrawal', 'game', 'service', 'app', 'other'] as const;
export type FeedbackType = (typeof feedbackTypes)[number];

/** `open`: waiting for the operator; `answered`: the operator replied; `closed`: the operator closed it. */
export const feedbackStatuses = ['open', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

/** Spec section 9: at most 3 images, png or jpg, at most 5 MB each (the promotion applications' rule and checks). */
export const feedbackImageLimits = {
  imagesMax: 3,
  imageBytesMax: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'],
} as const;
export type FeedbackImageType = (typeof feedbackImageLimits.imageTypes)[number];

/** The merchant's word limits when the operator set none (`feedback limits`). */
export const defaultFeedbackWordLimits = { minWords: 5, maxWords: 500 } as const;
/** What an operator may set: 1 ≤ minWords ≤ maxWords ≤ 2000. */
export const feedbackWordsCeiling = 2000;
/** The longest text accepted at all (characters), whatever the word limits: 2000 words of 10 characters. */
export const feedbackContentMaxChars = 20_000;

export const feedbackLimitsSchema = z.object({
  minWords: z.number(),
  maxWords: z.number(),
  imagesMax: z.number(),
  imageBytesMax: z.number(),
});
export type FeedbackLimits = z.infer<typeof feedbackLimitsSchema>;

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('und', { granularity: 'word' }) : null;

/**
 * The words of a feedback text, the same on the site and the server:
 * Unicode word segmentation (UAX #29 with the dictionaries of ICU, through
 * `Intl.Segmenter`), counting only the segments made of letters or digits.
 * So English, Russian, Arabic, Hindi, Korean and the other languages written
 * with spaces count their space-separated words (punctuation alone is no
 * word; "it's" is one), and the scripts written without spaces count their
 * dictionary words: Chinese and Japanese (我的存款没有到账 is 4 or 5 words,
 * not 8 characters), Thai, Lao, Khmer and Burmese. Where `Intl.Segmenter`
 * is missing (no engine the site supports), runs of letters or digits
 * between spaces or punctuation are counted, and each Han, kana, Thai, Lao,
 * Khmer or Burmese character as a word.
 */
export function countWords(text: string): number {
  if (segmenter) {
    let words = 0;
    for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++;
    return words;
  }
  const spaced = text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu, ' x ');
  return spaced.split(/[^\p{L}\p{N}\p{M}'’]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** An image as the site sends it: png or jpg bytes, base64 (the server checks the bytes, not only the declared type). */
export const feedbackImageSchema = z.object({
  name: plainText(200),
  type: z.enum(feedbackImageLimits.imageTypes),
  /** Base64 of at most imageBytesMax bytes. */
  data: z.string().check(z.maxLength(Math.ceil(feedbackImageLimits.imageBytesMax / 3) * 4 + 4)),
});
export type FeedbackImage = z.infer<typeof feedbackImageSchema>;

export const feedbackReplySchema = z.object({
  id: z.number(),
  /** Plain text (line breaks kept). */
  text: z.string(),
  createdAt: z.string(),
});
export type FeedbackReply = z.infer<typeof feedbackReplySchema>;

export const feedbackItemSchema = z.object({
  id: z.number(),
  type: z.enum(feedbackTypes),
  /** Plain text as sent (line breaks kept). */
  content: z.string(),
  status: z.enum(feedbackStatuses),
  createdAt: z.string(),
  /** The images sent with it (their bytes stay with the operator). */
  images: z.array(z.object({ name: z.string(), type: z.enum(feedbackImageLimits.imageTypes), size: z.number() })),
  /** The operator's replies, oldest first. */
  replies: z.array(feedbackReplySchema),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackPageSize = 20;

/** A page parameter callers may leave out: absent or blank is `fallback`. */
const pageParam = (fallback: number, max: number) =>
  z.pipe(
    z.pipe(
      z.optional(z.union([z.string(), z.number()])),
      z.transform((v): unknown => (v === undefined || v === '' ? fallback : v)),
    ),
    queryInt(1, max),
  );

export const feedbackPageSchema = z.object({
  /** The merchant's limits, which the form counts against. */
  limits: feedbackLimitsSchema,
  list: z.array(feedbackItemSchema),
  pageNo: z.number(),
  total: z.number(),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

export const feedbackListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/feedback',
  tag: 'member',
  summary: "The member's own feedback, newest first, paged (pageNo from 1, pageSize 1 to 50), each with the operator's replies, and the merchant's limits",
  query: z.object({
    pageNo: pageParam(1, 100_000),
    pageSize: pageParam(feedbackPageSize, 50),
  }),
  value: feedbackPageSchema,
  auth: true,
});

export const feedbackDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/feedback/detail',
  tag: 'member',
  summary: "One of the member's own feedback with the operator's replies (404 feedback.not.found for another member's, as for a missing one)",
  query: z.object({ id: queryInt(1, 2_147_483_647) }),
  value: feedbackItemSchema,
  auth: true,
});

export const feedbackSubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/feedback',
  tag: 'member',
  summary:
    'Send feedback: a question type, the text (the merchant\'s minimum to maximum words: feedback.words.too.few, feedback.words.too.many) and at most 3 png or jpg images of at most 5 MB (upload.too.many, upload.type.invalid, upload.too.large); feedback.type.invalid for another type',
  auth: true,
  body: z.object({
    type: z.enum(feedbackTypes),
    content: plainText(feedbackContentMaxChars),
    images: z.array(feedbackImageSchema).check(z.maxLength(feedbackImageLimits.imagesMax)),
  }),
  value: feedbackItemSchema,
});
