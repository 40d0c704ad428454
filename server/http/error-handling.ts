import type { FastifyError, FastifyInstance } from 'fastify';
import { errorCodes } from '../../src/api/contract.ts';
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
