/**
 * The API contract: every endpoint is declared once, here in src/api, with the
 * zod schemas of its input and of the `value` of its success envelope.
 * The client parses responses with them and the server validates requests and
 * builds its OpenAPI document from the same declarations.
 */
import * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface Endpoint<
  TValue extends z.ZodMiniType = z.ZodMiniType,
  TQuery extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  TBody extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly query: TQuery;
  readonly body: TBody;
  readonly value: TValue;
  /** The call needs a member session (Authorization header). */
  readonly auth: boolean;
}

export function defineEndpoint<
  TValue extends z.ZodMiniType,
  TQuery extends z.ZodMiniType | undefined = undefined,
  TBody extends z.ZodMiniType | undefined = undefined,
>(spec: {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  value: TValue;
  query?: TQuery;
  body?: TBody;
  auth?: boolean;
}): Endpoint<TValue, TQuery, TBody> {
  return {
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tag: spec.tag,
    value: spec.value,
    query: spec.query as TQuery,
    body: spec.body as TBody,
    auth: spec.auth ?? false,
  };
}

export type ValueOf<E extends Endpoint> = z.infer<E['value']>;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;

/** Success envelope: `{ success: true, value }`. */
export const successEnvelope = <T extends z.ZodMiniType>(value: T) =>
  z.object({ success: z.literal(true), value });

/** Failure envelope: `{ success: false, errorCode, message }`; errorCode is an i18n key. */
export const failureEnvelope = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  value: z.optional(z.unknown()),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

/** Request headers the platform reads, in one place for client and server. */
export const headerNames = {
  merchant: 'merchant',
  authorization: 'authorization',
  language: 'language',
  device: 'device',
  deviceId: 'device-id',
  encryption: 'encryption',
} as const;

/** Error codes produced by the platform itself (the server's catalogue grows per module). */
export const errorCodes = {
  notFound: 'request.not.found',
  invalidRequest: 'request.invalid',
  merchantMissing: 'merchant.missing',
  merchantUnknown: 'merchant.unknown',
  rateLimited: 'request.rate.limited',
  unsupportedMediaType: 'request.media.unsupported',
  payloadTooLarge: 'request.too.large',
  forbidden: 'request.forbidden',
  unauthorized: 'user.or.token.invalid',
  internal: 'system.error',
  // client-side failures, never sent by the server
  clientSchema: 'client.response.invalid',
  clientTimeout: 'client.timeout',
  clientOffline: 'client.offline',
  clientNetwork: 'client.network',
} as const;
