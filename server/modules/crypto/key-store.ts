/**
 * RSA key pairs for encrypted bodies. The first start generates a 2048-bit
 * pair and stores it in `rsa_keys`, so restarts (and other server processes on
 * the same PostgreSQL) keep using it; the private key never leaves the server.
 * `rotate()` adds a new pair and retires the old one, which still decrypts for
 * a day (clients get `crypto.key.unknown` after that, refetch the key and retry).
 */
import {
  createDecipheriv,
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
  constants as cryptoConstants,
  randomBytes,
} from 'node:crypto';
import { promisify } from 'node:util';
import { desc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { type Endpoint, headerNames } from '../../../contract/endpoint.ts';
import { errorCodes } from '../../../contract/error-codes.ts';
import { base64ToBytes, encryptionScheme, type PublicKeyInfo, unpackSealed } from '../../../contract/sealed.ts';
import type { Database } from '../../db/connect.ts';
import { rsaKeys } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCleanInput } from '../../http/input-text.ts';
import type { Clock } from '../session/config.ts';

const generate = promisify(generateKeyPair);
const retiredKeyGraceMs = 24 * 3_600_000;

export interface KeyStore {
  /** The key clients should encrypt with (generated on first use when the table is empty). */
  current(): Promise<PublicKeyInfo>;
  /** Adds a new key pair and retires the others. */
  rotate(): Promise<PublicKeyInfo>;
  /** Decrypts a sealed body addressed to `path`; AppError (400) when it cannot. */
  open(path: string, value: string): Promise<unknown>;
}

async function newKeyPair(db: Database): Promise<void> {
  const { publicKey, privateKey } = await generate('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  await db.insert(rsaKeys).values({
    id: `k${Date.now().toString(36)}${randomBytes(4).toString('hex')}`,
    publicKeySpki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
}

const invalid = () => new AppError(400, errorCodes.encryptionInvalid, 'The request could not be decrypted.');

export function createKeyStore(db: Database, now: Clock): KeyStore {
  let currentPromise: Promise<PublicKeyInfo> | null = null;
  let currentLoadedAt = 0;
  const privateKeys = new Map<string, Promise<{ key: KeyObject; retiredAt: Date | null } | null>>();

  async function loadCurrent(): Promise<PublicKeyInfo> {
    const latest = async () =>
      (await db.select().from(rsaKeys).where(isNull(rsaKeys.retiredAt)).orderBy(desc(rsaKeys.createdAt)).limit(1))[0];
    let row = await latest();
    if (!row) {
      await newKeyPair(db);
      row = await latest();
    }
    if (!row) throw new Error('no RSA key');
    return { keyId: row.id, algorithm: 'RSA-OAEP-256', spki: row.publicKeySpki };
  }

  async function privateKey(keyId: string): Promise<KeyObject | null> {
    let cached = privateKeys.get(keyId);
    if (!cached) {
      cached = db
        .select()
        .from(rsaKeys)
        .where(eq(rsaKeys.id, keyId))
        .limit(1)
        .then(([row]) => (row ? { key: createPrivateKey(row.privateKeyPem), retiredAt: row.retiredAt } : null));
      // Unknown ids are looked up again next time (bounded: ids are checked first).
      cached.then(
        (entry) => {
          if (!entry) privateKeys.delete(keyId);
        },
        () => privateKeys.delete(keyId),
      );
      privateKeys.set(keyId, cached);
    }
    const entry = await cached;
    if (!entry) return null;
    if (entry.retiredAt && entry.retiredAt.getTime() + retiredKeyGraceMs < now().getTime()) return null;
    return entry.key;
  }

  return {
    current() {
      // Re-read now and then, so a rotation by another process shows within minutes.
      if (!currentPromise || now().getTime() - currentLoadedAt > 5 * 60_000) {
        currentLoadedAt = now().getTime();
        currentPromise = loadCurrent();
        currentPromise.catch(() => {
          currentPromise = null;
        });
      }
      return currentPromise;
    },

    async rotate() {
      await db.update(rsaKeys).set({ retiredAt: now() }).where(isNull(rsaKeys.retiredAt));
      await newKeyPair(db);
      privateKeys.clear();
      currentPromise = null;
      return this.current();
    },

    async open(path, value) {
      let bytes: Uint8Array;
      try {
        bytes = base64ToBytes(value);
      } catch {
        throw invalid();
      }
      const parts = unpackSealed(bytes);
      if (!parts) throw invalid();
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(parts.keyId)) {
        throw new AppError(400, errorCodes.encryptionKeyUnknown, 'The encryption key is unknown, fetch the public key again.');
      }
      const key = await privateKey(parts.keyId);
      if (!key) {
        throw new AppError(400, errorCodes.encryptionKeyUnknown, 'The encryption key is unknown, fetch the public key again.');
      }
      let plaintext: string;
      try {
        const aesKey = privateDecrypt(
          { key, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          parts.wrappedKey,
        );
        if (aesKey.length !== 32) throw invalid();
        const decipher = createDecipheriv('aes-256-gcm', aesKey, parts.iv, { authTagLength: 16 });
        decipher.setAAD(Buffer.from(path, 'utf8'));
        const tagAt = parts.ciphertext.length - 16;
        decipher.setAuthTag(parts.ciphertext.subarray(tagAt));
        plaintext = Buffer.concat([decipher.update(parts.ciphertext.subarray(0, tagAt)), decipher.final()]).toString('utf8');
      } catch {
        throw invalid();
      }
      try {
        return JSON.parse(plaintext) as unknown;
      } catch {
        throw invalid();
      }
    },
  };
}

/**
 * The plaintext payload of an encrypted endpoint: requires `Encryption: RSA`,
 * opens `body.value` and validates it with the endpoint's payload schema.
 */
export async function openEncryptedPayload<S extends z.ZodMiniType>(
  keys: KeyStore,
  request: FastifyRequest,
  endpoint: Endpoint & { encrypted: S },
  body: { value: string },
): Promise<z.infer<S>> {
  const scheme = request.headers[headerNames.encryption];
  if (typeof scheme !== 'string' || scheme.trim().toUpperCase() !== encryptionScheme) {
    throw new AppError(400, errorCodes.encryptionRequired, 'This request must be encrypted (header Encryption: RSA).');
  }
  const payload = await keys.open(endpoint.path, body.value);
  assertCleanInput(payload, 'payload');
  const parsed = endpoint.encrypted.safeParse(payload);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new AppError(400, errorCodes.invalidRequest, `Invalid payload: ${detail}`);
  }
  return parsed.data as z.infer<S>;
}
