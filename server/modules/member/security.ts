/**
 * The member's security center (contract/security.ts): what is set, security
 * questions, a forgotten withdrawal password reset with the login password,
 * removing a bank card, and the member's live sessions with "sign out
 * elsewhere". Every call acts on the session's own member only. Changes ask
 * for the login password again where the contract says so, checked only once
 * the rest of the input is valid, so a malformed request costs no password
 * check and no failed-login count; trial accounts change nothing (403
 * trial.forbidden). The withdrawal password and the bank cards belong to the
 * money module, which hands this module what it needs (`SecurityWallet`,
 * built by server/modules/wallet/security-center.ts) so that the two modules
 * do not import each other.
 */
import { errorCodes } from '../../../contract/error-codes.ts';
import {
  type MemberSession,
  type ResetWithdrawalPasswordBody,
  type SecurityConfig,
  type SecurityQuestionId,
  type SetSecurityQuestionsBody,
  securityQuestionIds,
  securityQuestionRules,
} from '../../../contract/security.ts';
import { maxBankCards } from '../../../contract/wallet.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../session/config.ts';
import type { AuthenticatedSession, SessionService } from '../session/session-service.ts';
import { memberSessionView } from '../session/session-view.ts';
import { usableDeviceId } from '../session/tokens.ts';
import { answeredQuestionIds, checkSecurityAnswers, saveSecurityAnswers } from './security-questions.ts';
import type { ClientInfo, MemberService } from './service.ts';

/** What the security center needs of the money module. */
export interface SecurityWallet {
  /** As the withdraw screens count it (a registration payment password counts). */
  hasWithdrawalPassword(member: MemberRow): Promise<boolean>;
  /** Throws the wallet's own errors for a new password that is not 6 digits or not confirmed. */
  checkNewWithdrawalPassword(input: { newPassword: string; confirmPassword: string }): void;
  /** Sets the new password and ends any failure count or lock. */
  resetWithdrawalPassword(member: MemberRow, input: { newPassword: string; confirmPassword: string }): Promise<void>;
  /** The member's bank cards that are not removed. */
  bankCardCount(memberId: number): Promise<number>;
  /** 404 bankcard.not.found unless it is one of the member's cards; 409 bankcard.in.use while a pending withdrawal pays to it. */
  removeBankCard(memberId: number, cardId: number): Promise<void>;
}

/** The caller: its merchant and address, and the device id header (this device's remembered session is its own). */
export interface SecurityClient extends ClientInfo {
  deviceId: string | null;
}

export interface SecurityServiceDeps {
  db: Database;
  now: Clock;
  members: Pick<MemberService, 'confirmLoginPassword'>;
  sessions: SessionService;
  wallet: SecurityWallet;
}

const refuseTrial = (member: MemberRow) => {
  if (member.type === 4) throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
};

export function createSecurityService(deps: SecurityServiceDeps) {
  const { db, now, members, sessions, wallet } = deps;

  async function config(auth: AuthenticatedSession): Promise<SecurityConfig> {
    const { member } = auth;
    const [hasWithdrawalPassword, questionIds, bankCardCount] = await Promise.all([
      wallet.hasWithdrawalPassword(member),
      answeredQuestionIds(db, member.id),
      wallet.bankCardCount(member.id),
    ]);
    return { hasWithdrawalPassword, questionIds, bankCardCount, maxBankCards };
  }

  const questions = () => ({ questionIds: [...securityQuestionIds], count: securityQuestionRules.count });

  async function customerQuestions(auth: AuthenticatedSession): Promise<{ questionIds: SecurityQuestionId[] }> {
    return { questionIds: await answeredQuestionIds(db, auth.member.id) };
  }

  async function setQuestions(auth: AuthenticatedSession, client: SecurityClient, body: SetSecurityQuestionsBody) {
    refuseTrial(auth.member);
    const answers = checkSecurityAnswers(body.answers);
    await members.confirmLoginPassword(auth, client, body.loginPassword, 'loginPassword');
    await saveSecurityAnswers(db, auth.member.id, answers, now());
    return { questionIds: answers.map((a) => a.questionId) };
  }

  async function resetWithdrawalPassword(auth: AuthenticatedSession, client: SecurityClient, body: ResetWithdrawalPasswordBody) {
    refuseTrial(auth.member);
    wallet.checkNewWithdrawalPassword(body);
    await members.confirmLoginPassword(auth, client, body.loginPassword, 'loginPassword');
    await wallet.resetWithdrawalPassword(auth.member, body);
    return { hasWithdrawalPassword: true as const };
  }

  async function removeBankCard(auth: AuthenticatedSession, cardId: number): Promise<null> {
    refuseTrial(auth.member);
    await wallet.removeBankCard(auth.member.id, cardId);
    return null;
  }

  /** This browser's web session, and the remembered session of the device id the request names. */
  const isCurrent = (auth: AuthenticatedSession, deviceId: string | null) => (row: { id: string; kind: string; deviceId: string | null }) =>
    row.kind === 'web' ? row.id === auth.session.id : deviceId !== null && row.deviceId === deviceId;

  async function memberSessions(auth: AuthenticatedSession, client: SecurityClient): Promise<MemberSession[]> {
    const current = isCurrent(auth, usableDeviceId(client.deviceId));
    const rows = await sessions.liveSessions(auth.member.id);
    return rows.map((row) => memberSessionView(row, current(row)));
  }

  async function signOutElsewhere(auth: AuthenticatedSession, client: SecurityClient): Promise<{ ended: number }> {
    const ended = await sessions.endElsewhere(auth.member.id, { sessionId: auth.session.id, deviceId: usableDeviceId(client.deviceId) });
    return { ended };
  }

  return { config, questions, customerQuestions, setQuestions, resetWithdrawalPassword, removeBankCard, memberSessions, signOutElsewhere };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
