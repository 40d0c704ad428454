
import { clientErrorCodes } from '../../contract/client-error-codes.ts';

const errorCodes = clientErrorCodes;

/**
 * What can go wrong with a call, as the machines see it:
 * - `server`: the server answered with a failure envelope (its errorCode is an i18n key);
 * - `schema`: the answer did not match the contract;
 * - `timeout`: no answer in time ("Slow Connection");
 * - `offline`: the device has no network ("No Internet");
 * - `network`: the request could not be completed for another reason.
 */
export type ApiErrorKind = 'server' | 'schema' | 'timeout' | 'offline' | 'network';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly errorCode: string,
    message: string,
    readonly status?: number,
    readonly value?: unknown,
  ) {
    super(message);
  }

  static schema(detail: string) {
    return new ApiError('schema', errorCodes.clientSchema, `Response did not match the contract: ${detail}`);
  }
  static timeout() {
    return new ApiError('timeout', errorCodes.clientTimeout, 'Slow Connection');
  }
  static offline() {
    return new ApiError('offline', errorCodes.clientOffline, 'No Internet');
  }
  static network(message: string) {
    return new ApiError('network', errorCodes.clientNetwork, message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
