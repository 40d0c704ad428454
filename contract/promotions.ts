/**
 * Promotions (spec sections 2 "Promotions", 3 "Promotion", 5 "activity
 * application"): categories, the promotions of the reader's language with
 * the member's status in each, applications with a comment and up to three
 * images, and claiming an approved bonus, which the ledger pays exactly once.
 * See docs/promotions.md.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { optionalQuery, queryInt } from './query.ts';

/** Spec section 9: a comment of at most 140 characters, at most 3 images of png or jpg, each at most 5 MB. */
export const applicationLimits = {
  commentMax: 140,
  imagesMax: 3,
  imageBytesMax: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'],
} as const;
export type ApplicationImageType = (typeof applicationLimits.imageTypes)[number];

export const promotionCategorySchema = z.object({
  id: z.number(),
  title: z.string(),
  iconImageUrl: z.string(),
});
export type PromotionCategory = z.infer<typeof promotionCategorySchema>;

/**
 * How a member takes part: `apply` sends an application (comment and images)
 * that an operator approves or rejects, then the member claims the bonus;
 * `join` is one tap, and the operator later issues the bonus to everyone who joined.
 */
export const promotionModes = ['apply', 'join'] as const;
export type PromotionMode = (typeof promotionModes)[number];

/**
 * The member's status in a promotion, one label each (spec section 2), as the
 * server sees it. The spec's `process` label is the client's own, shown while
 * a claim is on its way.
 * - comingSoon: not started yet; close: ended, or nothing more to do;
 * - join: may apply (apply mode) or join (join mode); guests see join too;
 * - applying: application waiting for review; rejected: application refused;
 * - claim: approved, the bonus waits for the member's claim; claimed: paid;
 * - joined: joined, waiting for the operator; issued: the operator paid the bonus.
 */
export const promotionStatuses = ['comingSoon', 'close', 'join', 'applying', 'rejected', 'claim', 'claimed', 'joined', 'issued'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

export const promotionImageSchema = z.object({ url: z.string(), sequence: z.number() });

export const promotionSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** HTML as stored (script elements removed on write); render only through the sanitising component. */
  content: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  /** YYYY-MM-DD, or null with noExpiry 1. */
  endDate: z.nullable(z.string()),
  /** 1 = long term (no end date). */
  noExpiry: z.union([z.literal(0), z.literal(1)]),
  /** Sequence 1 is the main image. */
  announcementImages: z.array(promotionImageSchema),
  promoAnnouncementCategoryIds: z.array(z.number()),
  mode: z.enum(promotionModes),
  /** The bonus in minor units (the client only formats it). */
  bonusAmount: z.number(),
  status: z.enum(promotionStatuses),
  /** The member's application or participation, when there is one. */
  applicationId: z.nullable(z.number()),
  /** Why the operator rejected the application (status rejected), else null. */
  rejectReason: z.nullable(z.string()),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionCategoriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/promotions/categories',
  tag: 'promotions',
  summary: "The merchant's promotion categories in the request's language, in sequence",
  value: z.object({ list: z.array(promotionCategorySchema) }),
});

export const promotionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/promotions',
  tag: 'promotions',
  summary:
    "Promotions in the request's language (current and coming), each with the member's status when a session is sent (guests: join, close or comingSoon)",
  query: z.object({ categoryId: optionalQuery(queryInt(1, 2_147_483_647)) }),
  value: z.object({ list: z.array(promotionSchema) }),
});

/** An image of an application: png or jpg bytes, base64-encoded (the server checks the bytes, not only the type). */
export const applicationImageSchema = z.object({
  name: plainText(200),
  type: z.enum(applicationLimits.imageTypes),
  /** Base64 of at most imageBytesMax bytes. */
  data: z.string().check(z.maxLength(Math.ceil(applicationLimits.imageBytesMax / 3) * 4 + 4)),
});
export type ApplicationImage = z.infer<typeof applicationImageSchema>;

export const applyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/promotions/applications',
  tag: 'promotions',
  summary: 'Apply for a promotion of mode apply, with a comment (at most 140 characters) and at most 3 png or jpg images of at most 5 MB',
  auth: true,
  body: z.object({
    promotionId: z.number().check(z.int(), z.positive()),
    comment: plainText(applicationLimits.commentMax),
    images: z.array(applicationImageSchema).check(z.maxLength(applicationLimits.imagesMax)),
  }),
  value: promotionSchema,
});

export const joinEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/promotions/participations',
  tag: 'promotions',
  summary: 'Join a promotion of mode join (once; a repeated join answers the same)',
  auth: true,
  body: z.object({ promotionId: z.number().check(z.int(), z.positive()) }),
  value: promotionSchema,
});

export const claimEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/promotions/claims',
  tag: 'promotions',
  summary: "Claim an approved application's bonus: the ledger pays it once, a repeated claim answers the same",
  auth: true,
  body: z.object({ applicationId: z.number().check(z.int(), z.positive()) }),
  value: z.object({ promotion: promotionSchema, amount: z.number() }),
});
