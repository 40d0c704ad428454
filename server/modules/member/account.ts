/**
 * The member's own account (contract/member.ts, "the member's own account"):
 * the checks of the nickname, e-mail and payee name a member sets on
 * /m/myAccount/index (the payee name also by the operator, `members payee`),
 * and of the head icon, a png or jpg data URL of at most 5 MB checked by its
 * bytes (server/lib/image-type.ts), as the identity check's images are (kyc.ts).
 */
import type * as z from 'zod/mini';
import { errorCodes } from '../../../contract/error-codes.ts';
import { type AccountField, accountFieldErrorCodes, iconDataUrlSchema, iconLimits } from '../../../contract/member.ts';
import type { MerchantRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type ImageType, isBase64, sniffImageType } from '../../lib/image-type.ts';
import { isEmailAddress, matchesPattern, registrationRules } from './registration-rules.ts';

const fieldMessages: Record<AccountField, string> = {
  nickname: 'Nickname format is not valid',
  email: 'E-mail format is incorrect',
  payeeName: 'Name format is not valid',
};

export const accountFieldError = (field: AccountField) => new AppError(400, accountFieldErrorCodes[field], fieldMessages[field], { field });

/**
 * The value to store: trimmed, not empty, within the merchant's rule of the
 * registration field of the same name (its pattern and length, whether or not
 * registration asks for the field); an e-mail must also be an e-mail address.
 * Throws the field's own error code.
 */
export function checkAccountField(merchant: MerchantRow, field: AccountField, raw: string): string {
  const value = raw.trim();
  const rule = registrationRules(merchant).fields[field];
  const valid =
    value !== '' && value.length <= rule.maxLength && matchesPattern(rule.pattern, value) && (field !== 'email' || isEmailAddress(value));
  if (!valid) throw accountFieldError(field);
  return value;
}

/** A body whose field is a string the contract refuses (too long, NUL) answers the field's own code, not `request.invalid`. */
export function accountFieldPrecheck(field: AccountField, bodySchema: z.ZodMiniType): (body: unknown) => void {
  return (body) => {
    if (typeof body !== 'object' || body === null || typeof (body as Record<string, unknown>)[field] !== 'string') return;
    if (!bodySchema.safeParse(body).success) throw accountFieldError(field);
  };
}

export const payeeNameLocked = () =>
  new AppError(409, errorCodes.payeeNameLocked, 'The payee name is already set. Please contact customer service to change it.');

/** How an image is named in the messages ('The icon', 'The ID front') and, when given, the body field named in the error's value. */
export interface ImageLabel {
  name: string;
  field?: string;
}

const iconLabel: ImageLabel = { name: 'The icon' };

const fieldOf = (label: ImageLabel) => (label.field === undefined ? undefined : { field: label.field });
const tooLarge = (label: ImageLabel) => new AppError(400, errorCodes.uploadTooLarge, `${label.name} may be at most 5 MB.`, fieldOf(label));
const badType = (label: ImageLabel, message = `${label.name} must be a png or jpg image.`) =>
  new AppError(400, errorCodes.uploadTypeInvalid, message, fieldOf(label));

/** The longest base64 text of an icon of `iconLimits.bytesMax` bytes. */
const iconBase64Max = Math.ceil(iconLimits.bytesMax / 3) * 4;

/**
 * The body limit of a route taking `images` such images: the longest data URL
 * twice over each (a form-encoded body escapes `+`, `/` and `=` as three
 * characters each) and room for the rest. A larger body is answered 413
 * `request.too.large` before it is read whole.
 */
export const imageBodyLimit = (images: number) => images * 2 * iconBase64Max + 64 * 1024;

/** The icon route's body limit. */
export const iconBodyLimit = imageBodyLimit(1);

/** An image field longer than the contract allows answers `upload.too.large`, not `request.invalid`. */
export function precheckImageFields(labels: Record<string, ImageLabel>): (body: unknown) => void {
  return (body) => {
    if (typeof body !== 'object' || body === null) return;
    for (const [field, label] of Object.entries(labels)) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && !iconDataUrlSchema.safeParse(value).success) throw tooLarge(label);
    }
  };
}

export const precheckIcon = precheckImageFields({ icon: iconLabel });

export interface DecodedIcon {
  contentType: ImageType;
  bytes: Buffer;
}

const dataUrlHead = /^data:([\w.+-]{1,64}\/[\w.+-]{1,64});base64,/i;

/**
 * Decodes a `data:image/png;base64,...` or `data:image/jpeg;base64,...` URL
 * and checks the bytes are an image of the declared type, of at most 5 MB:
 * `upload.type.invalid` for another or no declared type, text that is not
 * base64, nothing, or bytes of another kind; `upload.too.large` above 5 MB.
 * The head icon and the identity check's images (kyc.ts) are checked so.
 */
export function decodeImageDataUrl(dataUrl: string, label: ImageLabel): DecodedIcon {
  const head = dataUrlHead.exec(dataUrl);
  if (!head) throw badType(label, `${label.name} must be a png or jpg image sent as a data URL.`);
  const declared = head[1]!.toLowerCase() === 'image/jpg' ? 'image/jpeg' : head[1]!.toLowerCase();
  if (!(iconLimits.types as readonly string[]).includes(declared)) throw badType(label);
  // A form-encoded body whose "+" was not escaped arrives with spaces in their place.
  const base64 = dataUrl.slice(head[0].length).replaceAll(' ', '+');
  if (base64.length > iconBase64Max) throw tooLarge(label);
  if (base64 === '') throw badType(label, `${label.name} is empty.`);
  if (!isBase64(base64)) throw badType(label, `${label.name} is not base64-encoded.`);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > iconLimits.bytesMax) throw tooLarge(label);
  const actual = sniffImageType(bytes);
  if (!actual) throw badType(label, `${label.name} is not a png or jpg image.`);
  if (actual !== declared) throw badType(label, `${label.name} is a ${actual === 'image/png' ? 'png' : 'jpg'} image, not ${declared}.`);
  return { contentType: actual, bytes };
}

export const decodeIcon = (icon: string): DecodedIcon => decodeImageDataUrl(icon, iconLabel);

/** The data URL the site shows. */
export const iconDataUrl = (icon: DecodedIcon): string => `data:${icon.contentType};base64,${icon.bytes.toString('base64')}`;
