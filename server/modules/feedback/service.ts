/**
 * Members' feedback (contract/feedback.ts, docs/member.md "Feedback"): a
 * member sends a question with up to 3 images and reads their own, with the
 * operator's replies; the operator lists, reads, replies to and closes them
 * (admin-commands.ts) and sets the merchant's word limits.
 *
 * Every read of a member goes through the member's id: another member's
 * feedback answers `feedback.not.found` exactly as a missing one. The text's
 * words are counted by the contract's `countWords` against the merchant's
 * limits; the images are checked by their bytes like the promotion
 * applications' (server/lib/image-type.ts).
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import {
  countWords,
  defaultFeedbackWordLimits,
  type FeedbackImage,
  type FeedbackImageType,
  feedbackImageLimits,
  type FeedbackItem,
  type FeedbackLimits,
  type FeedbackPage,
  type FeedbackStatus,
  type FeedbackType,
  feedbackTypes,
  feedbackWordsCeiling,
} from '../../../contract/feedback.ts';
import type { Database } from '../../db/connect.ts';
import { members } from '../../db/schema.ts';
import { feedback, feedbackImages, feedbackReplies, type FeedbackRow, feedbackSettings } from '../../db/schema-feedback.ts';
import { AppError } from '../../http/app-error.ts';
import { isBase64, sniffImageType } from '../../lib/image-type.ts';

/** The longest base64 text of an image of imageBytesMax bytes (as the contract allows it). */
export const maxBase64Length = Math.ceil(feedbackImageLimits.imageBytesMax / 3) * 4 + 4;
/** The body limit of the submit route: three images at their largest, plus the text and JSON. */
export const submitBodyLimit = feedbackImageLimits.imagesMax * maxBase64Length + 128 * 1024;

const tooMany = () => new AppError(400, errorCodes.uploadTooMany, `At most ${feedbackImageLimits.imagesMax} images can be uploaded.`);
const tooLarge = () => new AppError(400, errorCodes.uploadTooLarge, 'An image may be at most 5 MB.');
const badType = (message = 'Images must be png or jpg files.') => new AppError(400, errorCodes.uploadTypeInvalid, message);
const notFound = () => new AppError(404, errorCodes.feedbackNotFound, 'No such feedback.');

/**
 * The rules a raw submit body breaks that have their own codes, before its
 * schema is checked: another question type (`feedback.type.invalid`), too
 * many images, another declared image type, an oversized image.
 */
export function precheckFeedback(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { type, images } = body as { type?: unknown; images?: unknown };
  if (type !== undefined && !(feedbackTypes as readonly unknown[]).includes(type)) {
    throw new AppError(400, errorCodes.feedbackTypeInvalid, `The question type must be one of ${feedbackTypes.join(', ')}.`);
  }
  if (!Array.isArray(images)) return;
  if (images.length > feedbackImageLimits.imagesMax) throw tooMany();
  for (const image of images) {
    if (typeof image !== 'object' || image === null) continue;
    const { type: imageType, data } = image as { type?: unknown; data?: unknown };
    if (typeof imageType === 'string' && !(feedbackImageLimits.imageTypes as readonly string[]).includes(imageType)) throw badType();
    if (typeof data === 'string' && data.length > maxBase64Length) throw tooLarge();
  }
}

interface DecodedImage {
  name: string;
  contentType: FeedbackImageType;
  bytes: Buffer;
  sha256: string;
}

/** Decodes and checks every image (count, size, real type by its bytes); throws the upload codes. */
export function decodeFeedbackImages(images: readonly FeedbackImage[]): DecodedImage[] {
  if (images.length > feedbackImageLimits.imagesMax) throw tooMany();
  return images.map((image) => {
    if (image.data.length > maxBase64Length) throw tooLarge();
    if (!isBase64(image.data)) throw badType(`"${image.name}" is not base64-encoded.`);
    const bytes = Buffer.from(image.data, 'base64');
    if (bytes.length > feedbackImageLimits.imageBytesMax) throw tooLarge();
    const actual = sniffImageType(bytes);
    if (!actual) throw badType(`"${image.name}" is not a png or jpg image.`);
    if (actual !== image.type) throw badType(`"${image.name}" is a ${actual === 'image/png' ? 'png' : 'jpg'} image, not ${image.type}.`);
    return { name: image.name, contentType: actual, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
}

/** The merchant's word limits (the defaults when the operator set none) and the image rule. */
export async function feedbackLimitsOf(db: Database, merchantCode: string): Promise<FeedbackLimits> {
  const [row] = await db.select().from(feedbackSettings).where(eq(feedbackSettings.merchantCode, merchantCode));
  return {
    minWords: row?.minWords ?? defaultFeedbackWordLimits.minWords,
    maxWords: row?.maxWords ?? defaultFeedbackWordLimits.maxWords,
    imagesMax: feedbackImageLimits.imagesMax,
    imageBytesMax: feedbackImageLimits.imageBytesMax,
  };
}

/** Sets the merchant's word limits (1 ≤ min ≤ max ≤ 2000). */
export async function setFeedbackLimits(db: Database, merchantCode: string, minWords: number, maxWords: number): Promise<FeedbackLimits> {
  if (!Number.isInteger(minWords) || !Number.isInteger(maxWords) || minWords < 1 || minWords > maxWords || maxWords > feedbackWordsCeiling) {
    throw AppError.invalid(`The word limits must be whole numbers with 1 <= min <= max <= ${feedbackWordsCeiling}.`);
  }
  await db
    .insert(feedbackSettings)
    .values({ merchantCode, minWords, maxWords })
    .onConflictDoUpdate({ target: feedbackSettings.merchantCode, set: { minWords, maxWords } });
  return feedbackLimitsOf(db, merchantCode);
}

/** The member a feedback call is for. */
export interface FeedbackMember {
  merchantCode: string;
  memberId: number;
}

/** The items of rows, with their images and replies, in the rows' order. */
async function itemsOf(db: Database, rows: FeedbackRow[]): Promise<FeedbackItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [images, replies] = await Promise.all([
    db
      .select({ feedbackId: feedbackImages.feedbackId, name: feedbackImages.name, type: feedbackImages.contentType, size: feedbackImages.byteSize })
      .from(feedbackImages)
      .where(inArray(feedbackImages.feedbackId, ids))
      .orderBy(asc(feedbackImages.feedbackId), asc(feedbackImages.sequence)),
    db.select().from(feedbackReplies).where(inArray(feedbackReplies.feedbackId, ids)).orderBy(asc(feedbackReplies.id)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    content: row.content,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    images: images.filter((image) => image.feedbackId === row.id).map(({ name, type, size }) => ({ name, type, size })),
    replies: replies
      .filter((reply) => reply.feedbackId === row.id)
      .map((reply) => ({ id: reply.id, text: reply.text, createdAt: reply.createdAt.toISOString() })),
  }));
}

/** Sends a member's feedback: the words against the merchant's limits, the images by their bytes. */
export async function submitFeedback(
  db: Database,
  who: FeedbackMember,
  input: { type: FeedbackType; content: string; images: FeedbackImage[] },
  now: Date,
): Promise<FeedbackItem> {
  const content = input.content.trim();
  const limits = await feedbackLimitsOf(db, who.merchantCode);
  const words = countWords(content);
  if (words < limits.minWords) {
    throw new AppError(400, errorCodes.feedbackWordsTooFew, `Feedback content length between ${limits.minWords} and ${limits.maxWords} words (${words} given).`);
  }
  if (words > limits.maxWords) {
    throw new AppError(400, errorCodes.feedbackWordsTooMany, `Feedback content length between ${limits.minWords} and ${limits.maxWords} words (${words} given).`);
  }
  const images = decodeFeedbackImages(input.images);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(feedback)
      .values({ merchantCode: who.merchantCode, memberId: who.memberId, type: input.type, content, status: 'open', createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error('feedback not created');
    if (images.length > 0) {
      await tx.insert(feedbackImages).values(
        images.map((image, index) => ({
          feedbackId: created.id,
          sequence: index + 1,
          name: image.name,
          contentType: image.contentType,
          byteSize: image.bytes.length,
          sha256: image.sha256,
          data: image.bytes,
        })),
      );
    }
    return created;
  });
  const [item] = await itemsOf(db, [row]);
  return item!;
}

/** The member's own feedback, newest first, with the merchant's limits. */
export async function feedbackPage(db: Database, who: FeedbackMember, pageNo: number, pageSize: number): Promise<FeedbackPage> {
  const mine = and(eq(feedback.merchantCode, who.merchantCode), eq(feedback.memberId, who.memberId));
  const [rows, [total], limits] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(mine)
      .orderBy(desc(feedback.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(feedback).where(mine),
    feedbackLimitsOf(db, who.merchantCode),
  ]);
  return { limits, list: await itemsOf(db, rows), pageNo, total: total?.n ?? 0 };
}

/** One of the member's own feedback; another member's answers as a missing one. */
export async function feedbackDetail(db: Database, who: FeedbackMember, id: number): Promise<FeedbackItem> {
  const [row] = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.merchantCode, who.merchantCode), eq(feedback.memberId, who.memberId)));
  if (!row) throw notFound();
  const [item] = await itemsOf(db, [row]);
  return item!;
}

/** A feedback as the operator sees it: the member's username too. */
export interface FeedbackAdminEntry extends FeedbackItem {
  username: string;
}

async function adminEntries(db: Database, where: SQL | undefined, limit: number): Promise<FeedbackAdminEntry[]> {
  const rows = await db
    .select({ row: feedback, username: members.username })
    .from(feedback)
    .innerJoin(members, eq(members.id, feedback.memberId))
    .where(where)
    .orderBy(desc(feedback.id))
    .limit(limit);
  const items = await itemsOf(
    db,
    rows.map((r) => r.row),
  );
  return items.map((item, index) => ({ ...item, username: rows[index]!.username }));
}

/** The merchant's feedback for the operator, newest first (the latest 100), of one status or all. */
export function listFeedbackForOperator(db: Database, merchantCode: string, status?: FeedbackStatus): Promise<FeedbackAdminEntry[]> {
  return adminEntries(db, and(eq(feedback.merchantCode, merchantCode), status ? eq(feedback.status, status) : undefined), 100);
}

/** One feedback of the merchant for the operator. */
export async function showFeedbackForOperator(db: Database, merchantCode: string, id: number): Promise<FeedbackAdminEntry> {
  const [entry] = await adminEntries(db, and(eq(feedback.merchantCode, merchantCode), eq(feedback.id, id)), 1);
  if (!entry) throw notFound();
  return entry;
}

/** The operator's reply (plain text, 1 to 2000 characters): the member sees it; the feedback is then answered (a closed one stays closed). */
export async function replyToFeedback(db: Database, merchantCode: string, id: number, text: string, now: Date): Promise<FeedbackAdminEntry> {
  const reply = text.trim();
  if (!reply || reply.length > 2000 || reply.includes('\u0000')) throw AppError.invalid('A reply is plain text of 1 to 2000 characters.');
  const entry = await showFeedbackForOperator(db, merchantCode, id);
  await db.transaction(async (tx) => {
    await tx.insert(feedbackReplies).values({ feedbackId: id, text: reply, createdAt: now });
    await tx
      .update(feedback)
      .set({ status: entry.status === 'closed' ? 'closed' : 'answered', updatedAt: now })
      .where(eq(feedback.id, id));
  });
  return showFeedbackForOperator(db, merchantCode, id);
}

/** Closes a feedback (the member sees it closed; a reply may still follow). */
export async function closeFeedback(db: Database, merchantCode: string, id: number, now: Date): Promise<FeedbackAdminEntry> {
  await showFeedbackForOperator(db, merchantCode, id);
  await db.update(feedback).set({ status: 'closed', updatedAt: now }).where(eq(feedback.id, id));
  return showFeedbackForOperator(db, merchantCode, id);
}
