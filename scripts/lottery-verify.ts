/**
 * Checks a lottery draw on one's own: `npm run lottery:verify -- <gameCode>
 * <issueNo> [--url http://127.0.0.1:8080] [--merchant DEMO]`. It reads the
 * lottery (`/lgw/games/detail`) and its results (`/lgw/numero`) from the
 * site, then, with nothing but `node:crypto`, checks that SHA-256 of the
 * revealed seed is the hash that was published before the draw, and draws
 * the numbers again from the seed (docs/lottery.md):
 *
 * 1. bytes: HMAC-SHA256(key = seed, message = "<gameCode>:<issueNo>"), then
 *    the same with ":1", ":2", ... appended when more are needed;
 * 2. read 4 bytes at a time as a big-endian unsigned integer w; for a number
 *    in [0, n) skip w ≥ 2^32 − (2^32 mod n), else take w mod n;
 * 3. digits: each ball is such a number in [0, 10); keno and lotto: the
 *    numbers min..max in order, then for ball i a j = i + number in
 *    [0, count − i), swap positions i and j, the ball is position i.
 *
 * It is a second implementation on purpose: it shares no code with the
 * server's draw.
 */
import { createHash, createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';

export interface DrawShape {
  family: 'digits' | 'keno' | 'lotto';
  balls: number;
  minNumber: number;
  maxNumber: number;
}

/** The numbers of an issue from its seed, as the steps above say. */
export function redraw(shape: DrawShape, seed: string, gameCode: string, issueNo: string): number[] {
  const message = `${gameCode}:${issueNo}`;
  let block = 0;
  let bytes = createHmac('sha256', seed).update(message).digest();
  let offset = 0;
  const word = () => {
    if (offset + 4 > bytes.length) {
      block += 1;
      bytes = createHmac('sha256', seed).update(`${message}:${block}`).digest();
      offset = 0;
    }
    const w = bytes.readUInt32BE(offset);
    offset += 4;
    return w;
  };
  const below = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = word();
      if (w < limit) return w % n;
    }
  };
  if (shape.family === 'digits') return Array.from({ length: shape.balls }, () => below(10));
  const pool: number[] = [];
  for (let x = shape.minNumber; x <= shape.maxNumber; x++) pool.push(x);
  const balls: number[] = [];
  for (let i = 0; i < shape.balls; i++) {
    const j = i + below(pool.length - i);
    const t = pool[i] as number;
    pool[i] = pool[j] as number;
    pool[j] = t;
    balls.push(pool[i] as number);
  }
  return balls;
}

export interface Verdict {
  hashMatches: boolean;
  numbersMatch: boolean;
  published: number[];
  recomputed: number[];
}

export function verify(shape: DrawShape, issue: { seed: string; seedHash: string; numbers: number[] }, gameCode: string, issueNo: string): Verdict {
  const recomputed = redraw(shape, issue.seed, gameCode, issueNo);
  return {
    hashMatches: createHash('sha256').update(issue.seed, 'utf8').digest('hex') === issue.seedHash,
    numbersMatch: recomputed.length === issue.numbers.length && recomputed.every((n, i) => n === issue.numbers[i]),
    published: issue.numbers,
    recomputed,
  };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string', default: 'http://127.0.0.1:8080' }, merchant: { type: 'string', default: 'DEMO' } },
  });
  const [gameCode, issueNo] = positionals;
  if (!gameCode || !issueNo) {
    console.error('usage: npm run lottery:verify -- <gameCode> <issueNo> [--url URL] [--merchant CODE]');
    return 2;
  }
  const get = async (path: string) => {
    const response = await fetch(new URL(path, values.url), { headers: { Merchant: values.merchant as string } });
    const body = (await response.json()) as { success: boolean; value: unknown; message?: string };
    if (!body.success) throw new Error(body.message ?? `${path}: ${response.status}`);
    return body.value as Record<string, unknown>;
  };
  const detail = (await get(`/lgw/games/detail?gameCode=${encodeURIComponent(gameCode)}`)) as { game: DrawShape };
  for (let pageNo = 1; ; pageNo++) {
    const page = (await get(`/lgw/numero?gameCode=${encodeURIComponent(gameCode)}&pageNo=${pageNo}&pageSize=50`)) as {
      list: { issueNo: string; seed: string; seedHash: string; numbers: number[] }[];
      totalPages: number;
    };
    const issue = page.list.find((i) => i.issueNo === issueNo);
    if (issue) {
      const verdict = verify(detail.game, issue, gameCode, issueNo);
      console.log(`seed        ${issue.seed}`);
      console.log(`seed hash   ${issue.seedHash} ${verdict.hashMatches ? '(matches the seed)' : '(DOES NOT match the seed)'}`);
      console.log(`published   ${verdict.published.join(' ')}`);
      console.log(`recomputed  ${verdict.recomputed.join(' ')}`);
      console.log(verdict.hashMatches && verdict.numbersMatch ? 'OK: the draw is the one its seed gives' : 'MISMATCH');
      return verdict.hashMatches && verdict.numbersMatch ? 0 : 1;
    }
    if (pageNo >= page.totalPages) break;
  }
  console.error(`No drawn issue ${issueNo} of ${gameCode} (is it drawn yet?)`);
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
