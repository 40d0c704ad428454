import { isSessionEndedError } from '../../machines/session.ts';
import { isApiError } from '../api/api-error.ts';
import { type ApiCall, createApiClient } from '../api/client.ts';
import type { CallArgs, Endpoint } from '../../contract/endpoint.ts';
import { maintenanceErrorCode } from '../../contract/system.ts';
import { readFirstAnswers, withFirstAnswers } from '../api/first-answers.ts';
import { deviceId, deviceKind, readLanguage, readStoredSession } from './storage.ts';

/** The merchant this build serves (spec section 9: fixed in configuration). */
export const merchantCode: string = import.meta.env.VITE_MERCHANT_CODE ?? 'DEMO';

/** A session the server ended: the errorCode it answered and the token the call sent. */
export interface SessionEnd {
  errorCode: string;
  token: string;
}

type SessionEndListener = (ended: SessionEnd) => void;
const sessionEndListeners = new Set<SessionEndListener>();

/** Subscribes to sessions the server ends (the app actor turns them into `session.expire`); returns the unsubscribe. */
export function onSessionEnded(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

/** Tells the subscribers that the server ended the session of `token`. */
export function notifySessionEnded(ended: SessionEnd) {
  for (const listener of sessionEndListeners) listener(ended);
}

/**
 * The one place where a call learns that the server ended the session: a call
 * that sent a token and was answered 401 with login.not.session,
 * login.session.expired or user.or.token.invalid reports it (with the token it
 * sent) before the caller sees the error as usual.
 */
export function watchSessionEnd(call: ApiCall, currentToken: () => string | null, report: (ended: SessionEnd) => void): ApiCall {
  return async <E extends Endpoint>(endpoint: E, args?: CallArgs<E>) => {
    const token = currentToken();
    try {
      return await call(endpoint, args);
    } catch (error) {
      if (token && isApiError(error) && error.status === 401 && isSessionEndedError(error)) {
        report({ errorCode: error.errorCode, token });
      }
      throw error;
    }
  };
}

type MaintenanceListener = () => void;
const maintenanceListeners = new Set<MaintenanceListener>();

/** Subscribes to calls answered `system.maintenance` (the app asks the status again: the maintenance page); returns the unsubscribe. */
export function onMaintenanceAnswer(listener: MaintenanceListener): () => void {
  maintenanceListeners.add(listener);
  return () => {
    maintenanceListeners.delete(listener);
  };
}

/** A call answered `system.maintenance` reports it before the caller sees the error as usual. */
export function watchMaintenance(call: ApiCall, report: () => void): ApiCall {
  return async <E extends Endpoint>(endpoint: E, args?: CallArgs<E>) => {
    try {
      return await call(endpoint, args);
    } catch (error) {
      if (isApiError(error) && error.errorCode === maintenanceErrorCode) report();
      throw error;
    }
  };
}

const currentToken = () => readStoredSession()?.token ?? null;

/** The SPA's one API client; headers follow the stored session and language. */
export const apiCall: ApiCall = watchMaintenance(
  watchSessionEnd(
    withFirstAnswers(
      createApiClient({
        headers: () => ({
          merchant: merchantCode,
          token: currentToken(),
          language: readLanguage(),
          device: deviceKind(),
          deviceId: deviceId(),
        }),
      }),
      // The first screen's public answers the server put in the page (docs/first-load.md).
      readFirstAnswers(typeof document === 'undefined' ? undefined : document),
      { merchant: merchantCode, language: readLanguage, sinceLoad: () => performance.now() },
    ),
    currentToken,
    notifySessionEnded,
  ),
  () => {
    for (const listener of maintenanceListeners) listener();
  },
);
