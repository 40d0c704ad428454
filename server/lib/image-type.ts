/**
 * What uploaded image bytes really are, whatever their name or declared type
 * says (spec sections 5 and 9: png or jpg): a real PNG (signature and IHDR
 * chunk) or JPEG (SOI marker then another marker). Used by the promotion
 * application images and the member's head icon.
 */

export type ImageType = 'image/png' | 'image/jpeg';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes are, or null when they are neither a PNG nor a JPEG. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(pngSignature) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return 'image/png';
  }
  // SOI (FF D8), then a marker (FF xx): APP0 (JFIF), APP1 (Exif), DQT, ...
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes[3] !== 0xff && bytes[3] !== 0x00) {
    return 'image/jpeg';
  }
  return null;
}

/** Base64 of the standard alphabet with its padding (linear: no group repeated over megabytes). */
export const isBase64 = (text: string): boolean => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
