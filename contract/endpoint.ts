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
  TPayload extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
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
  /**
   * Encrypted calls (login, register, set password by phone): the schema of the
   * plaintext payload. The wire body is then `{ value: "<base64>" }` with the
   * header `Encryption: RSA` (see src/api/crypto.ts); `body` is that envelope.
   */
  readonly encrypted: TPayload;
}

export function defineEndpoint<
  TValue extends z.ZodMiniType,
  TQuery extends z.ZodMiniType | undefined = undefined,
  TBody extends z.ZodMiniType | undefined = undefined,
  TPayload extends z.ZodMiniType | undefined = undefined,
>(spec: {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  value: TValue;
  query?: TQuery;
  body?: TBody;
  auth?: boolean;
  encrypted?: TPayload;
}): Endpoint<TValue, TQuery, TBody, TPayload> {
  return {
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tag: spec.tag,
    value: spec.value,
    query: spec.query as TQuery,
    body: spec.body as TBody,
    auth: spec.auth ?? false,
    encrypted: spec.encrypted as TPayload,
  };
}

export type ValueOf<E extends Endpoint> = z.infer<E['value']>;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined;
export type PayloadOf<E extends Endpoint> = E['encrypted'] extends z.ZodMiniType ? z.input<E['encrypted']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;

/**
 * A string field of a request: at most `max` characters and no NUL character
 * (PostgreSQL text cannot hold one, so it must be refused as bad input).
 */
export const plainText = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed'),
  );

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

/** What a call of an endpoint carries: its query and body as the contract types them. */
export type CallArgs<E extends Endpoint> = (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    signal?: AbortSignal;
    extraHeaders?: Record<string, string>;
  };

/** Calls an endpoint and resolves with its value (the SPA's ofetch client, and the tests' clients). */
export type EndpointCall = <E extends Endpoint>(endpoint: E, args?: CallArgs<E>) => Promise<ValueOf<E>>;

/** Request headers the platform reads, in one place for client and server. */
export const headerNames = {
  merchant: 'merchant',
  authorization: 'authorization',
  language: 'language',
  device: 'device',
  deviceId: 'device-id',
  encryption: 'encryption',
} as const;

