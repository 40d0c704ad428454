/**
 * Captchas: 6 random digits, single use, 2 minutes. Only the SHA-256 of the
 * answer (salted with the captcha id) is stored.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Captcha } from '../../../contract/verification.ts';
import type { Database } from '../../db/connect.ts';
import { captchas } from '../../db/schema.ts';
import type { Clock, IdentityLimits } from '../session/config.ts';
import { captchaDataUrl } from './captcha-image.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function answerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id.toLowerCase()}:${answer}`).digest('hex');
}

export interface CaptchaService {
  create(): Promise<Captcha>;
  /** Uses up the captcha (right or wrong) and says whether the answer was right. */
  verify(captchaId: string | undefined, answer: string | undefined): Promise<boolean>;
  /**
   * The digits of a live captcha, only when the service was made with
   * `revealAnswers` (the loopback-only test switch, DEV_ENDPOINTS); else null.
   */
  revealedAnswer(captchaId: string): string | null;
}

/** At most this many answers are kept for the test switch (oldest dropped first). */
const revealedLimit = 2000;

export function randomDigits(): string {
  let digits = '';
  for (let i = 0; i < 6; i++) digits += String(randomInt(0, 10));
  return digits;
}

export function createCaptchaService(
  db: Database,
  now: Clock,
  limits: IdentityLimits,
  digitsSource: () => string = randomDigits,
  options: { revealAnswers?: boolean } = {},
): CaptchaService {
  /** Test switch only: captcha id -> digits and end (ms), in memory, never stored. */
  const revealed = new Map<string, { digits: string; until: number }>();
  return {
    async create() {
      const digits = digitsSource();
      const id = randomUUID();
      const t = now();
      await db.insert(captchas).values({
        id,
        answerHash: answerHash(id, digits),
        createdAt: t,
        expiresAt: new Date(t.getTime() + limits.captchaTtlMs),
      });
      if (options.revealAnswers) {
        revealed.set(id, { digits, until: t.getTime() + limits.captchaTtlMs });
        if (revealed.size > revealedLimit) revealed.delete(revealed.keys().next().value ?? '');
      }
      // Now and then, drop captchas that ended more than an hour ago.
      if (randomInt(0, 50) === 0) {
        await db.delete(captchas).where(lt(captchas.expiresAt, new Date(t.getTime() - 3_600_000)));
      }
      return { captchaId: id, image: captchaDataUrl(digits), expiresInMs: limits.captchaTtlMs };
    },

    async verify(captchaId, answer) {
      if (!captchaId || !answer || !uuidPattern.test(captchaId)) return false;
      revealed.delete(captchaId.toLowerCase());
      const t = now();
      const [row] = await db
        .update(captchas)
        .set({ usedAt: t })
        .where(and(eq(captchas.id, captchaId.toLowerCase()), isNull(captchas.usedAt), gt(captchas.expiresAt, t)))
        .returning({ answerHash: captchas.answerHash });
      if (!row) return false;
      const expected = Buffer.from(row.answerHash, 'hex');
      const given = Buffer.from(answerHash(captchaId, answer.trim()), 'hex');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    revealedAnswer(captchaId) {
      const entry = revealed.get(captchaId.toLowerCase());
      return entry && entry.until > now().getTime() ? entry.digits : null;
    },
  };
}
