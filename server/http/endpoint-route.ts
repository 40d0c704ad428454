/**
 * Registers server routes from the endpoint declarations of src/api, so the
 * client and the server share method, path and schemas. Query and body are
 * validated with the endpoint's zod schemas; the handler's return value is
 * wrapped in `{ success: true, value }`, or is a `SerializedAnswer` that already is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { Endpoint, ValueOf } from '../../contract/endpoint.ts';
import { errorCodes } from '../../contract/error-codes.ts';
import type { AnswerCache } from '../lib/answer-cache.ts';
import { AppError } from './app-error.ts';
import { acceptedEncoding, type ContentEncoding, compressSync, compressionThresholdBytes, sendEncoded } from './content-encoding.ts';
import { type RequestContext, requireContext } from './request-context.ts';

type Parsed<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;

export interface EndpointInput<E extends Endpoint> {
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  ctx: RequestContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * An answer serialised once and sent as it is to every caller: what a route keeps in a cache
 * of answers that are the same for everyone (the catalogue, the merchant's settings), so a hit
 * costs no serialisation.
 */
export class SerializedAnswer<V> {
  /** The whole answer, `{ success: true, value }`, as UTF-8 JSON (encoded once too). */
  readonly body: Buffer;
  /** The body compressed, each encoding once, when a caller first accepts it (content-encoding.ts). */
  readonly #encoded: Partial<Record<ContentEncoding, Buffer>> = {};
  constructor(readonly value: V) {
    this.body = Buffer.from(JSON.stringify({ success: true, value }));
  }

  /** Sends the answer in the encoding the request accepts (a small one as it is). */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    const encoding = this.body.length >= compressionThresholdBytes ? acceptedEncoding(request) : null;
    if (!encoding) return sendEncoded(reply, null, this.body);
    this.#encoded[encoding] ??= compressSync(this.body, encoding);
    return sendEncoded(reply, encoding, this.#encoded[encoding]);
  }
}

type Answer<E extends Endpoint> = ValueOf<E> | SerializedAnswer<ValueOf<E>>;

export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<Answer<E>> | Answer<E>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every endpoint registered with registerEndpoint (for OpenAPI and route-enumerating tests). */
    endpointRegistry: Endpoint[];
    /** Whether success values are checked against the endpoint's value schema. */
    checkResponses: boolean;
  }
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

function parseWith<S extends z.ZodMiniType | undefined>(schema: S, data: unknown, where: string): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new AppError(400, errorCodes.invalidRequest, `Invalid ${where}: ${describeIssues(result.error)}`);
  }
  return result.data as Parsed<S>;
}

export interface EndpointRouteOptions {
  /** This route's largest accepted body in bytes (default: the app's). */
  bodyLimit?: number;
  /** Runs on the raw body before the body schema (after authentication), to answer a rule's own error code. */
  precheckBody?: (body: unknown) => void;
  /** A tighter limit than the app's for this route: requests per window (ms) per address. */
  rateLimit?: { max: number; timeWindow: number };
  /**
   * The answer is the same for every caller of one merchant and language asking for this exact URL
   * (the catalogue): it is kept here by URL, so a repeated call skips the query's validation, the
   * handler's own cache key and its lookup (a public micro-cache, as a CDN in front would keep).
   * Only answers are kept: a refused URL is validated again each time.
   */
  sharedByUrl?: AnswerCache;
}

/** Fastify path syntax is the contract's (`/wps/x/:id`). */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointRouteOptions = {},
): void {
  if (app.endpointRegistry.some((e) => e.method === endpoint.method && e.path === endpoint.path)) {
    throw new Error(`Endpoint ${endpoint.method} ${endpoint.path} registered twice`);
  }
  app.endpointRegistry.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    handler: async (request, reply) => {
      const ctx = requireContext(request);
      const answerNow = () => {
        options.precheckBody?.(request.body);
        const query = parseWith(endpoint.query, request.query ?? {}, 'query');
        const body = parseWith(endpoint.body, request.body, 'body');
        return Promise.resolve(handler({ query, body, ctx, request, reply } as EndpointInput<E>));
      };
      const shared = options.sharedByUrl;
      const answer = await (shared ? shared.get(`${ctx.merchant.row.code}|${ctx.language}|${request.url}`, answerNow) : answerNow());
      const serialized = answer instanceof SerializedAnswer ? answer : null;
      const value = serialized ? serialized.value : answer;
      if (app.checkResponses) {
        const checked = endpoint.value.safeParse(value);
        if (!checked.success) {
          request.log.error({ issues: checked.error.issues, path: endpoint.path }, 'response does not match contract');
          throw new AppError(500, errorCodes.internal, 'Unknown error');
        }
      }
      if (serialized) return serialized.send(request, reply);
      return { success: true, value };
    },
  });
}
