/**
 * The member's own account (contract/member.ts, "the member's own account"):
 * the checks of the nickname, e-mail and payee name a member sets on
 * /m/myAccount/index (the payee name also by the operator, `members payee`),
 * and of the head icon, a png or jpg data URL of at most 5 MB checked by its
 * bytes (server/lib/image-type.ts).
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

const tooLarge = () => new AppError(400, errorCodes.uploadTooLarge, 'The icon may be at most 5 MB.');
const badType = (message = 'The icon must be a png or jpg image.') => new AppError(400, errorCodes.uploadTypeInvalid, message);

/** The longest base64 text of an icon of `iconLimits.bytesMax` bytes. */
const iconBase64Max = Math.ceil(iconLimits.bytesMax / 3) * 4;

/**
 * The icon route's body limit: the longest data URL twice over (a form-encoded
 * body escapes `+`, `/` and `=` as three characters each) and room for the rest.
 * A larger body is answered 413 `request.too.large` before it is read whole.
 */
export const iconBodyLimit = 2 * iconBase64Max + 64 * 1024;

/** An icon longer than the contract allows answers `upload.too.large`, not `request.invalid`. */
export function precheckIcon(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const icon = (body as { icon?: unknown }).icon;
  if (typeof icon === 'string' && !iconDataUrlSchema.safeParse(icon).success) throw tooLarge();
}

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
 */
export function decodeIcon(icon: string): DecodedIcon {
  const head = dataUrlHead.exec(icon);
  if (!head) throw badType('The icon must be a png or jpg image sent as a data URL.');
  const declared = head[1]!.toLowerCase() === 'image/jpg' ? 'image/jpeg' : head[1]!.toLowerCase();
  if (!(iconLimits.types as readonly string[]).includes(declared)) throw badType();
  // A form-encoded body whose "+" was not escaped arrives with spaces in their place.
  const base64 = icon.slice(head[0].length).replaceAll(' ', '+');
  if (base64.length > iconBase64Max) throw tooLarge();
  if (base64 === '') throw badType('The icon is empty.');
  if (!isBase64(base64)) throw badType('The icon is not base64-encoded.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > iconLimits.bytesMax) throw tooLarge();
  const actual = sniffImageType(bytes);
  if (!actual) throw badType('The icon is not a png or jpg image.');
  if (actual !== declared) throw badType(`The icon is a ${actual === 'image/png' ? 'png' : 'jpg'} image, not ${declared}.`);
  return { contentType: actual, bytes };
}

/** The data URL the site shows. */
export const iconDataUrl = (icon: DecodedIcon): string => `data:${icon.contentType};base64,${icon.bytes.toString('base64')}`;
