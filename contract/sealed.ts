/**
 * Encrypted bodies for login, registration and set-password-by-phone (house
 * plan): a fresh AES-256-GCM key encrypts the JSON payload, RSA-OAEP (SHA-256)
 * wraps that key with the server's public key. The wire body is
 * `{ "value": "<base64>" }` with the header `Encryption: RSA`.
 *
 * Written with WebCrypto (`globalThis.crypto.subtle`) only, so this same module
 * runs in the browser and in Node 20 (tests). The server opens the envelope
 * with node:crypto (server/modules/crypto/) using `unpackSealed` from here, so
 * both sides read one format.
 *
 * Sealed format (version 1), base64 of the bytes:
 *   1 byte   version (1)
 *   1 byte   n, the key id length (1..64), then n bytes of ASCII key id
 *   2 bytes  m, big-endian, then m bytes: the RSA-OAEP(SHA-256) encrypted 32-byte AES key
 *   12 bytes AES-GCM IV
 *   rest     AES-256-GCM ciphertext of the UTF-8 JSON payload, 16-byte tag appended;
 *            the additional authenticated data is the UTF-8 endpoint path, so a
 *            body sealed for one endpoint cannot be replayed to another.
 */
import * as z from 'zod/mini';
import { defineEndpoint, type Endpoint, type EndpointCall, headerNames, type PayloadOf, type ValueOf } from './endpoint.ts';

/** Value of the `Encryption` header on encrypted calls. */
export const encryptionScheme = 'RSA';
export const sealedVersion = 1;
/** The error code of a body sealed for a key the server no longer has (after a rotation; errorCodes.encryptionKeyUnknown). */
export const keyUnknownErrorCode = 'crypto.key.unknown';
const ivLength = 12;
const tagLength = 16;

/** The wire body of an encrypted call. */
export const encryptedBodySchema = z.object({
  value: z.string().check(z.minLength(1), z.maxLength(65_536)),
});
export type EncryptedBody = z.infer<typeof encryptedBodySchema>;

export const publicKeySchema = z.object({
  /** Names the key pair; sealed bodies carry it so keys can rotate. */
  keyId: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
  /** SubjectPublicKeyInfo (DER), base64. */
  spki: z.string(),
});
export type PublicKeyInfo = z.infer<typeof publicKeySchema>;

export const publicKeyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/system/publicKey',
  tag: 'system',
  summary: 'The RSA public key (SPKI, base64) for encrypted calls, with its key id',
  value: publicKeySchema,
});

// ------------------------------------------------------------ byte helpers

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Decodes standard base64; throws on anything else. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) throw new Error('not base64');
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export interface SealedParts {
  keyId: string;
  wrappedKey: Uint8Array;
  iv: Uint8Array;
  /** Ciphertext followed by the 16-byte GCM tag. */
  ciphertext: Uint8Array;
}

export function packSealed(parts: SealedParts): Uint8Array<ArrayBuffer> {
  const keyId = new TextEncoder().encode(parts.keyId);
  if (keyId.length < 1 || keyId.length > 64) throw new Error('key id length');
  const size = 2 + keyId.length + 2 + parts.wrappedKey.length + parts.iv.length + parts.ciphertext.length;
  const out = new Uint8Array(size);
  let at = 0;
  out[at++] = sealedVersion;
  out[at++] = keyId.length;
  out.set(keyId, at);
  at += keyId.length;
  out[at++] = (parts.wrappedKey.length >> 8) & 0xff;
  out[at++] = parts.wrappedKey.length & 0xff;
  out.set(parts.wrappedKey, at);
  at += parts.wrappedKey.length;
  out.set(parts.iv, at);
  at += parts.iv.length;
  out.set(parts.ciphertext, at);
  return out;
}

/** Splits a sealed body; null when the bytes are not a version 1 envelope. */
export function unpackSealed(bytes: Uint8Array): SealedParts | null {
  if (bytes.length < 4 || bytes[0] !== sealedVersion) return null;
  const idLength = bytes[1]!;
  if (idLength < 1 || idLength > 64) return null;
  let at = 2;
  const idBytes = bytes.subarray(at, at + idLength);
  at += idLength;
  if (bytes.length < at + 2) return null;
  const wrappedLength = (bytes[at]! << 8) | bytes[at + 1]!;
  at += 2;
  if (wrappedLength === 0 || bytes.length < at + wrappedLength + ivLength + tagLength) return null;
  const keyId = String.fromCharCode(...idBytes);
  if (!/^[\x21-\x7e]+$/.test(keyId)) return null;
  const wrappedKey = bytes.subarray(at, at + wrappedLength);
  at += wrappedLength;
  const iv = bytes.subarray(at, at + ivLength);
  at += ivLength;
  return { keyId, wrappedKey, iv, ciphertext: bytes.subarray(at) };
}

// ------------------------------------------------------------ sealing (the client's half, also used by tests)

export interface SealingKey {
  keyId: string;
  key: CryptoKey;
}

export async function importPublicKey(info: PublicKeyInfo): Promise<SealingKey> {
  const key = await globalThis.crypto.subtle.importKey(
    'spki',
    base64ToBytes(info.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return { keyId: info.keyId, key };
}

/** Encrypts `payload` for the endpoint at `path`; returns the wire body. */
export async function sealPayload(sealingKey: SealingKey, path: string, payload: unknown): Promise<EncryptedBody> {
  const subtle = globalThis.crypto.subtle;
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const rawAes = new Uint8Array(await subtle.exportKey('raw', aesKey));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(ivLength));
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  const ciphertext = new Uint8Array(
    await subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(path), tagLength: tagLength * 8 },
      aesKey,
      plaintext,
    ),
  );
  const wrappedKey = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, sealingKey.key, rawAes));
  rawAes.fill(0);
  return { value: bytesToBase64(packSealed({ keyId: sealingKey.keyId, wrappedKey, iv, ciphertext })) };
}

// ------------------------------------------------------------ encrypted calls

export interface SealedCallOptions {
  signal?: AbortSignal;
  extraHeaders?: Record<string, string>;
}

export interface Sealer {
  /** Calls an encrypted endpoint with its plaintext payload (fetches and caches the public key). */
  call<E extends Endpoint>(endpoint: E, payload: PayloadOf<E>, options?: SealedCallOptions): Promise<ValueOf<E>>;
  /** Forgets the cached public key. */
  reset(): void;
}

/**
 * The client's encrypted calls: fetches the public key once, seals each
 * payload, sends it with `Encryption: RSA`, and when the server no longer
 * knows the key (`crypto.key.unknown`, after a rotation) refetches the key and
 * retries once.
 */
export function createSealer(call: EndpointCall): Sealer {
  let keyPromise: Promise<SealingKey> | null = null;
  const currentKey = () => {
    if (!keyPromise) {
      keyPromise = call(publicKeyEndpoint).then(importPublicKey);
      keyPromise.catch(() => {
        keyPromise = null;
      });
    }
    return keyPromise;
  };
  const send = async <E extends Endpoint>(endpoint: E, payload: unknown, options?: SealedCallOptions) => {
    const body = await sealPayload(await currentKey(), endpoint.path, payload);
    const args = {
      body,
      signal: options?.signal,
      extraHeaders: { ...options?.extraHeaders, [headerNames.encryption]: encryptionScheme },
    };
    return call(endpoint, args as never) as Promise<ValueOf<E>>;
  };
  return {
    async call(endpoint, payload, options) {
      if (!endpoint.encrypted) throw new Error(`${endpoint.path} is not an encrypted endpoint`);
      try {
        return await send(endpoint, payload, options);
      } catch (error) {
        if ((error as { errorCode?: unknown } | null)?.errorCode !== keyUnknownErrorCode) throw error;
        keyPromise = null;
        return send(endpoint, payload, options);
      }
    },
    reset() {
      keyPromise = null;
    },
  };
}
