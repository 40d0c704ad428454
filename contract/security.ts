/**
 * The security center (/m/securityCenter; spec sections 2 and 7): what is
 * set (`securityConfig`), the payment password's reset with the login
 * password, security questions, removing a bank card, and the member's
 * signed-in sessions with "sign out elsewhere". Setting and changing the
 * payment password and adding bank cards are the withdraw calls of
 * contract/wallet.ts; the login password is `changePasswordEndpoint`.
 */
import * as z from 'zod/mini';
import { defineEndpoint, plainText } from './endpoint.ts';
import { queryInt } from './query.ts';

/**
 * The questions a member picks from. Each is a message id
 * (`security.question.<id>`), so every language asks it in its own words.
 */
export const securityQuestionIds = ['firstPet', 'birthCity', 'firstSchool', 'childhoodFriend', 'favouriteTeacher', 'firstCar'] as const;
export type SecurityQuestionId = (typeof securityQuestionIds)[number];

/** A member answers exactly this many different questions; each answer is 2 to 64 characters. */
export const securityQuestionRules = { count: 2, answerMin: 2, answerMax: 64 } as const;

/**
 * How an answer is compared: in Unicode's composed form (an accent typed as
 * one character or as a letter and a combining mark is the same), trimmed,
 * inner spaces made one, lower case (`Rex ` and `rex` are the same answer).
 * The server stores only its argon2id hash.
 */
export const normalizeSecurityAnswer = (answer: string): string => answer.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

export const securityConfigSchema = z.object({
  hasWithdrawalPassword: z.boolean(),
  /** The questions the member answered (no answers), in the order given. */
  questionIds: z.array(z.enum(securityQuestionIds)),
  bankCardCount: z.number(),
  maxBankCards: z.number(),
});
export type SecurityConfig = z.infer<typeof securityConfigSchema>;

export const securityConfigEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/securityConfig',
  tag: 'member',
  summary: 'What the member has set: withdrawal password, security questions, bank cards',
  value: securityConfigSchema,
  auth: true,
});

export const securityQuestionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/securityQuestions',
  tag: 'member',
  summary: 'The questions a member can pick (message ids security.question.<id>) and how many to answer',
  value: z.object({ questionIds: z.array(z.enum(securityQuestionIds)), count: z.number() }),
  auth: true,
});

export const customerSecurityQuestionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/customerSecurityQuestions',
  tag: 'member',
  summary: "The questions the member answered (never the answers)",
  value: z.object({ questionIds: z.array(z.enum(securityQuestionIds)) }),
  auth: true,
});

export const setSecurityQuestionsBodySchema = z.object({
  /** The login password, asked again before anything is set. */
  loginPassword: plainText(128),
  answers: z.array(z.object({ questionId: plainText(32), answer: plainText(256) })).check(z.maxLength(8)),
});
export type SetSecurityQuestionsBody = z.infer<typeof setSecurityQuestionsBodySchema>;

export const setSecurityQuestionsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/customerSecurityQuestions',
  tag: 'member',
  summary:
    'Sets the answers of exactly `count` different questions, replacing any earlier ones; needs the login password (wrong: modify.old.password.incorrect)',
  body: setSecurityQuestionsBodySchema,
  value: z.object({ questionIds: z.array(z.enum(securityQuestionIds)) }),
  auth: true,
});

export const resetWithdrawalPasswordBodySchema = z.object({
  loginPassword: plainText(128),
  newPassword: plainText(64),
  confirmPassword: plainText(64),
});
export type ResetWithdrawalPasswordBody = z.infer<typeof resetWithdrawalPasswordBodySchema>;

export const resetWithdrawalPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/paymentPassword/reset',
  tag: 'member',
  summary:
    'A forgotten withdrawal password: a new one set with the login password instead of the old one; ends a withdrawal password lock',
  body: resetWithdrawalPasswordBodySchema,
  value: z.object({ hasWithdrawalPassword: z.literal(true) }),
  auth: true,
});

export const removeBankCardEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/wps/member/bankCard',
  tag: 'member',
  summary:
    "Removes one of the member's bank cards (refused while a pending withdrawal pays to it: bankcard.in.use); its withdrawals keep it in their history",
  query: z.object({ id: queryInt(1, 2_147_483_647) }),
  value: z.null(),
  auth: true,
});

export const memberSessionSchema = z.object({
  /** Opaque; never the token. */
  id: z.string(),
  /** `web`: a signed-in browser; `device`: a remembered device (remember me). */
  kind: z.enum(['web', 'device']),
  /** Browser and system read from the user agent (`Chrome · Android`), or empty when unknown. */
  device: z.string(),
  /** The address with its last part hidden (`203.0.113.*`). */
  ipMasked: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** This browser's session, or this device's remembered one. */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

export const memberSessionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/sessions',
  tag: 'member',
  summary: "The member's live sessions and remembered devices, newest activity first",
  value: z.array(memberSessionSchema),
  auth: true,
});

export const signOutElsewhereEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/sessions/signOutElsewhere',
  tag: 'member',
  summary: "Ends every session and remembered device of the member but this browser's and this device's",
  value: z.object({ ended: z.number() }),
  auth: true,
});
