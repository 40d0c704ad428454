import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { errorCodes } from '../../contract/error-codes.ts';
import { AppError, failure } from './app-error.ts';

/** Fastify's own client errors, mapped to status and errorCode. */
const fastifyClientErrors: Record<string, { status: number; errorCode: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, errorCode: errorCodes.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, errorCode: errorCodes.payloadTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, errorCode: errorCodes.invalidRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, errorCode: errorCodes.invalidRequest },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, errorCode: errorCodes.invalidRequest },
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'code' in error);
}

/**
 * Every failure leaves as `{ success: false, errorCode, message }`. Anything a
 * client can cause is a 4xx; only unknown errors become 500 `system.error`,
 * and those are logged.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'service failure');
      return reply.status(error.statusCode).send(error.toEnvelope());
    }
    if (isFastifyError(error)) {
      const known = error.code ? fastifyClientErrors[error.code] : undefined;
      if (known) return reply.status(known.status).send(failure(known.errorCode, error.message));
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send(failure(errorCodes.invalidRequest, error.message));
      }
    }
    if (error instanceof SyntaxError) {
      return reply.status(400).send(failure(errorCodes.invalidRequest, 'Malformed request body.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(errorCodes.internal, 'Unknown error'));
  });
}

/**
 * Errors Fastify answers before routing, outside the error handler: a URL
 * that does not decode (`/wps/%ZZ`: FST_ERR_BAD_URL), a path parameter over
 * the length limit (FST_ERR_MAX_PARAM_LENGTH), a failed async constraint.
 * Fastify's default answer is its own `{ error, message, statusCode }` body;
 * ours is the failure envelope. Found by the API fuzz suite.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed request url.' : error.message;
  void reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(failure(errorCodes.invalidRequest, message));
}

/**
 * Requests Node's HTTP parser rejects (bad header characters, oversized
 * headers, malformed request lines, header timeouts) never reach Fastify;
 * Fastify's default writes a non-envelope JSON body on the socket. This
 * writes the failure envelope instead, then closes the connection as Node does.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408 ? 'Request timeout.' : status === 431 ? 'Request headers too large.' : 'Malformed HTTP request.';
  const body = JSON.stringify(failure(errorCodes.invalidRequest, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify constructor options that keep pre-routing and connection-level errors in the envelope. */
export const envelopeServerOptions = {
  frameworkErrors,
  clientErrorHandler,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
