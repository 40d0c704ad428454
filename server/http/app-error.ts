import type { FailureEnvelope } from '../../contract/endpoint.ts';
import { errorCodes } from '../../contract/error-codes.ts';

/**
 * The one error type services throw. It carries the HTTP status and the
 * errorCode (an i18n key the client translates); the error handler turns it
 * into the failure envelope.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errorCode: string;
  readonly value: unknown;

  constructor(statusCode: number, errorCode: string, message: string, value?: unknown) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errorCode = errorCode;
    this.value = value;
  }

  static invalid(message: string, value?: unknown): AppError {
    return new AppError(400, errorCodes.invalidRequest, message, value);
  }

  static notFound(message = 'The requested resource does not exist.'): AppError {
    return new AppError(404, errorCodes.notFound, message);
  }

  toEnvelope(): FailureEnvelope {
    return failure(this.errorCode, this.message, this.value);
  }
}

export function failure(errorCode: string, message: string, value?: unknown): FailureEnvelope {
  return value === undefined ? { success: false, errorCode, message } : { success: false, errorCode, message, value };
}
