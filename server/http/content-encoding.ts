/**
 * Compression of the answers the server builds itself (the rendered page, the
 * cached catalogue and settings answers): which encoding a caller accepts,
 * and the bytes in it. Static files come compressed from the build
 * (`preCompressed` in spa.ts); other API answers are small and sent as they are.
 *
 * The choice follows the caller's Accept-Encoding with its q-values
 * (@fastify/accept-negotiator, as @fastify/static uses): `br` before `gzip`
 * when both are equally acceptable, nothing when neither is (`identity`,
 * `gzip;q=0`, no header). Brotli at quality 5 and gzip at level 6 cost well
 * under a millisecond for a catalogue page and shrink its JSON about six times.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

const supported: ContentEncoding[] = ['br', 'gzip'];

/** Smaller bodies are sent as they are: their compressed form would save less than its header costs. */
export const compressionThresholdBytes = 1024;

const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const gzipOptions = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer this request in, or null for the bytes as they are. */
export function acceptedEncoding(request: FastifyRequest): ContentEncoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return null;
  return negotiate(header, supported);
}

/** Compresses in the request's turn: for answers compressed once and then sent many times. */
export function compressSync(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body, gzipOptions);
}

/** Compresses on the thread pool: for an answer built for one request. */
export function compressAsync(body: string | Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions) : gzipAsync(body, gzipOptions);
}

/** Marks the answer as compressed; every answer that may be compressed varies by Accept-Encoding. */
export function sendEncoded(reply: FastifyReply, encoding: ContentEncoding | null, body: Buffer): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
