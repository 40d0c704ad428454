/**
 * Security questions (the security center, contract/security.ts): a member
 * answers exactly `securityQuestionRules.count` different questions of
 * `securityQuestionIds`, each answer 2 to 64 characters once normalised
 * (`normalizeSecurityAnswer`). Only the argon2id hash of the normalised
 * answer is kept, and a new set replaces the earlier one whole. Customer
 * service checks a caller's answer with `members answer-check`; nothing
 * ever shows an answer back.
 */
import { asc, and, eq } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import {
  normalizeSecurityAnswer,
  type SecurityQuestionId,
  securityQuestionIds,
  securityQuestionRules,
  setSecurityQuestionsBodySchema,
} from '../../../contract/security.ts';
import type { Database } from '../../db/connect.ts';
import { memberSecurityAnswers } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export interface SecurityAnswer {
  questionId: SecurityQuestionId;
  /** Normalised. */
  answer: string;
}

export const isSecurityQuestionId = (id: string): id is SecurityQuestionId => (securityQuestionIds as readonly string[]).includes(id);

const questionInvalid = (index?: number) =>
  new AppError(400, errorCodes.securityQuestionInvalid, `Please choose ${securityQuestionRules.count} different security questions.`, {
    field: 'answers',
    ...(index !== undefined ? { index } : {}),
  });

const answerInvalid = (index?: number) =>
  new AppError(
    400,
    errorCodes.securityAnswerInvalid,
    `Each answer must be ${securityQuestionRules.answerMin} to ${securityQuestionRules.answerMax} characters.`,
    { field: 'answers', ...(index !== undefined ? { index } : {}) },
  );

/**
 * The answers to store, normalised: exactly `count` of them, each to a known
 * question asked once (else 400 security.question.invalid), each answer of
 * 2 to 64 characters once normalised (else 400 security.answer.invalid).
 */
export function checkSecurityAnswers(answers: readonly { questionId: string; answer: string }[]): SecurityAnswer[] {
  if (answers.length !== securityQuestionRules.count) throw questionInvalid();
  const seen = new Set<string>();
  const checked = answers.map(({ questionId, answer }, index) => {
    if (!isSecurityQuestionId(questionId) || seen.has(questionId)) throw questionInvalid(index);
    seen.add(questionId);
    return { questionId, answer: normalizeSecurityAnswer(answer) };
  });
  checked.forEach(({ answer }, index) => {
    // Counted as every length rule of the project and the site's own check (UTF-16 units).
    const { length } = answer;
    if (length < securityQuestionRules.answerMin || length > securityQuestionRules.answerMax) throw answerInvalid(index);
  });
  return checked;
}

/**
 * A body the contract refuses because of a question or an answer (too many,
 * too long, a NUL character) answers that rule's own code rather than
 * `request.invalid`; anything else is left to the contract.
 */
export function precheckSecurityAnswers(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const answers = (body as { answers?: unknown }).answers;
  if (!Array.isArray(answers)) return;
  const schema = setSecurityQuestionsBodySchema.shape.answers;
  // More answers than the contract takes (whatever they hold).
  if (!schema.safeParse(answers.map(() => ({ questionId: '', answer: '' }))).success) throw questionInvalid();
  const entry = schema.def.element.shape;
  answers.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null) return;
    const { questionId, answer } = item as { questionId?: unknown; answer?: unknown };
    if (typeof questionId === 'string' && !entry.questionId.safeParse(questionId).success) throw questionInvalid(index);
    if (typeof answer === 'string' && !entry.answer.safeParse(answer).success) throw answerInvalid(index);
  });
}

/** The questions the member answered, in the order given. */
export async function answeredQuestionIds(db: Database, memberId: number): Promise<SecurityQuestionId[]> {
  const rows = await db
    .select({ questionId: memberSecurityAnswers.questionId })
    .from(memberSecurityAnswers)
    .where(eq(memberSecurityAnswers.memberId, memberId))
    .orderBy(asc(memberSecurityAnswers.position));
  return rows.map((r) => r.questionId).filter(isSecurityQuestionId);
}

/** Replaces the member's answers (checked by `checkSecurityAnswers`) with the hashes of these, all or nothing. */
export async function saveSecurityAnswers(db: Database, memberId: number, answers: readonly SecurityAnswer[], at: Date): Promise<void> {
  const hashes = await Promise.all(answers.map((a) => hashPassword(a.answer)));
  await db.transaction(async (trx) => {
    await trx.delete(memberSecurityAnswers).where(eq(memberSecurityAnswers.memberId, memberId));
    await trx.insert(memberSecurityAnswers).values(
      answers.map((a, position) => ({ memberId, position, questionId: a.questionId, answerHash: hashes[position]!, updatedAt: at })),
    );
  });
}

/** Whether `answer` (as typed: it is normalised here) is the member's answer to the question; null when the member did not answer it. */
export async function securityAnswerMatches(db: Database, memberId: number, questionId: SecurityQuestionId, answer: string): Promise<boolean | null> {
  const [row] = await db
    .select({ answerHash: memberSecurityAnswers.answerHash })
    .from(memberSecurityAnswers)
    .where(and(eq(memberSecurityAnswers.memberId, memberId), eq(memberSecurityAnswers.questionId, questionId)))
    .limit(1);
  if (!row) return null;
  return verifyPassword(row.answerHash, normalizeSecurityAnswer(answer));
}
