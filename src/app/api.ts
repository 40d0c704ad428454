import { createApiClient } from '../api/client.ts';
import { deviceId, deviceKind, readLanguage, readStoredSession } from './storage.ts';

/** The merchant this build serves (spec section 9: fixed in configuration). */
export const merchantCode: string = import.meta.env.VITE_MERCHANT_CODE ?? 'DEMO';

/** The SPA's one API client; headers follow the stored session and language. */
export const apiCall = createApiClient({
  headers: () => ({
    merchant: merchantCode,
    token: readStoredSession()?.token ?? null,
    language: readLanguage(),
    device: deviceKind(),
    deviceId: deviceId(),
  }),
});
