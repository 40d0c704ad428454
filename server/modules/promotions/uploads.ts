/**
 * The images of an application (spec section 5: png or jpg, at most 5 MB
 * each, at most 3): they travel as base64 in the JSON body. `precheckUploads`
 * looks at the raw body before the contract's schema does, so that too many
 * images, another declared type or an oversized one answer their own codes
 * (`upload.too.many`, `upload.type.invalid`, `upload.too.large`) rather than
 * `request.invalid`. `decodeImages` decodes each image and checks its BYTES
 * (server/lib/image-type.ts): a real PNG (signature and IHDR chunk) or JPEG
 * (SOI marker then another marker), of the type it was declared as; a renamed text file, a GIF or a
 * JPEG declared as PNG is refused with `upload.type.invalid`.
 */
import { createHash } from 'node:crypto';
import { type ApplicationImage, type ApplicationImageType, applicationLimits } from '../../../contract/promotions.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { AppError } from '../../http/app-error.ts';
import { isBase64, sniffImageType } from '../../lib/image-type.ts';

export interface DecodedImage {
  name: string;
  contentType: ApplicationImageType;
  bytes: Buffer;
  sha256: string;
}

/** The longest base64 text of an image of imageBytesMax bytes (as the contract allows it). */
export const maxBase64Length = Math.ceil(applicationLimits.imageBytesMax / 3) * 4 + 4;

/** The body limit of the apply route: three images at their largest, plus the comment, names and JSON. */
export const applyBodyLimit = applicationLimits.imagesMax * maxBase64Length + 64 * 1024;

const tooMany = () =>
  new AppError(400, errorCodes.uploadTooMany, `At most ${applicationLimits.imagesMax} images can be uploaded.`);
const tooLarge = () => new AppError(400, errorCodes.uploadTooLarge, 'An image may be at most 5 MB.');
const badType = (message = 'Images must be png or jpg files.') => new AppError(400, errorCodes.uploadTypeInvalid, message);

const isImageType = (value: unknown): value is ApplicationImageType =>
  typeof value === 'string' && (applicationLimits.imageTypes as readonly string[]).includes(value);

/** The upload rules a raw body breaks, before its schema is checked (anything else is left to the schema). */
export function precheckUploads(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const images = (body as { images?: unknown }).images;
  if (!Array.isArray(images)) return;
  if (images.length > applicationLimits.imagesMax) throw tooMany();
  for (const image of images) {
    if (typeof image !== 'object' || image === null) continue;
    const { type, data } = image as { type?: unknown; data?: unknown };
    if (typeof type === 'string' && !isImageType(type)) throw badType();
    if (typeof data === 'string' && data.length > maxBase64Length) throw tooLarge();
  }
}

/** Decodes and checks every image of an application (count, size, real type); throws the upload codes. */
export function decodeImages(images: readonly ApplicationImage[]): DecodedImage[] {
  if (images.length > applicationLimits.imagesMax) throw tooMany();
  return images.map((image) => {
    if (image.data.length > maxBase64Length) throw tooLarge();
    if (!isBase64(image.data)) throw badType(`"${image.name}" is not base64-encoded.`);
    const bytes = Buffer.from(image.data, 'base64');
    if (bytes.length > applicationLimits.imageBytesMax) throw tooLarge();
    const actual = sniffImageType(bytes);
    if (!actual) throw badType(`"${image.name}" is not a png or jpg image.`);
    if (actual !== image.type) throw badType(`"${image.name}" is a ${actual === 'image/png' ? 'png' : 'jpg'} image, not ${image.type}.`);
    return { name: image.name, contentType: actual, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
}
