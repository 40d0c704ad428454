/**
 * Remember-me at start: exchanges the remembered device token for a new
 * session (POST /wps/session/device). Loaded on demand by the app machine's
 * `restoreSession` only when a remember-me record is kept, and by its
 * `forgetDeviceToken` (src/app/actors.ts): the first load carries none of it.
 */
import type { SessionInfo } from '../../machines/session.ts';
import type { ApiCall } from '../api/client.ts';
import { deviceLoginEndpoint } from '../../contract/session.ts';
import { merchantCode } from './api.ts';
import { readRemembered, rememberedDeviceToken, writeRemembered } from './remembered-login.ts';
import { writeStoredSession } from './storage.ts';

/** The remembered device token exchanged for a session, or null when none is usable or the server refuses it. */
export async function restoreRememberedSession(call: ApiCall): Promise<SessionInfo | null> {
  const deviceToken = rememberedDeviceToken();
  return deviceToken ? restoreDeviceSession(call, deviceToken) : null;
}

/** The new session (stored for this tab), or null when the server refuses the token (it is forgotten). */
export async function restoreDeviceSession(call: ApiCall, deviceToken: string): Promise<SessionInfo | null> {
  const record = readRemembered();
  try {
    const result = await call(deviceLoginEndpoint, { body: { deviceToken } });
    const session: SessionInfo = {
      token: result.token,
      merchantCode,
      userName: result.userName,
      type: result.type,
      firstTimeLogin: result.firstTimeLogin,
      passwordExpired: result.passwordExpired === true,
    };
    writeStoredSession(session, false);
    if (record) {
      writeRemembered({
        method: record.method,
        account: record.account,
        ...(result.deviceToken ? { deviceToken: result.deviceToken } : {}),
        ...(result.deviceTokenExpiresAt ? { deviceTokenExpiresAt: result.deviceTokenExpiresAt } : {}),
      });
    }
    return session;
  } catch {
    if (record) writeRemembered({ method: record.method, account: record.account });
    return null;
  }
}
