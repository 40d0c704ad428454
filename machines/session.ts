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
