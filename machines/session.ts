/**
 * The member session as the machines see it (stored in the browser under
 * MC_SESSION_INFO). Pure data and predicates: no storage, no HTTP.
 */
export interface SessionInfo {
  token: string;
  merchantCode: string;
  userName: string;
  /** Member type: agents 1, 2, 41, 42; trial 4; plain members 0 and 40. */
  type: number;
  firstTimeLogin: boolean;
  /** The password is older than the merchant's maximum age: a new one is asked for, as on a first login. */
  passwordExpired?: boolean;
}

export type Role = 'guest' | 'member' | 'trial' | 'agent';

export const agentTypes: readonly number[] = [1, 2, 41, 42];
export const trialTypes: readonly number[] = [4];

export const isAgentType = (type: number) => agentTypes.includes(type);
export const isTrialType = (type: number) => trialTypes.includes(type);

export function roleOf(session: SessionInfo | null): Role {
  if (!session) return 'guest';
  if (isTrialType(session.type)) return 'trial';
  if (isAgentType(session.type)) return 'agent';
  return 'member';
}

/** Whether the member must choose a new password (/m/changePsw): a first login, or an expired password. */
export const needsNewPassword = (session: SessionInfo) => session.firstTimeLogin || session.passwordExpired === true;

/**
 * The server's answers for a session it has ended (401): replaced by a newer
 * login, expired, or an unknown or revoked token.
 */
export const sessionEndedCodes: readonly string[] = ['login.not.session', 'login.session.expired', 'user.or.token.invalid'];

/** Whether a failure says the server ended the session (one of `sessionEndedCodes`). */
export function isSessionEndedError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'errorCode' in error &&
    typeof error.errorCode === 'string' &&
    sessionEndedCodes.includes(error.errorCode)
  );
}
