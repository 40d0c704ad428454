/**
 * Login rules: username + password (also a mobile number + password, or an
 * e-mailed reset code), mobile + SMS code, remember-me device tokens, trial
 * accounts. An unknown account and a wrong password get the same answer
 * (login.failed) after the same work (a dummy argon2 verification).
 */
import { randomInt } from 'node:crypto';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { LoginPayload, LoginResult, TrialLoginResult } from '../../../contract/session.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantSettings } from '../../http/request-context.ts';
import { hashPassword, needsRehash, verifyPassword } from '../member/passwords.ts';
import { findMemberByMobile, findMemberByUsername, insertMember, trialMembersSince, uniqueViolation, updateMember } from '../member/queries.ts';
import type { InboxService } from '../inbox/service.ts';
import { completeSwitches } from '../system/service.ts';
import type { CaptchaService } from '../verification/captcha-service.ts';
import type { CodeService } from '../verification/code-service.ts';
import { normalizeDialingCode, normalizeMobile, normalizeNationalNumber } from '../verification/targets.ts';
import { type Clock, type IdentityLimits, isPasswordExpired } from '../session/config.ts';
import type { LoginClient, LoginFailures } from '../session/login-failures.ts';
import type { SessionService } from '../session/session-service.ts';

export interface LoginRequest {
  merchant: MerchantSettings;
  clientIp: string;
  /** A usable device id (see usableDeviceId) or null. */
  deviceId: string | null;
  /** The User-Agent header, kept with the sessions (the member's list of sessions shows the browser and system). */
  userAgent?: string | null | undefined;
}

export interface LoginService {
  login(request: LoginRequest, payload: LoginPayload): Promise<LoginResult>;
  loginWithDevice(request: LoginRequest, deviceToken: string): Promise<LoginResult>;
  /** A member another way proved (a social sign-in): refused when disabled, else a session as a login gives. */
  loginAs(request: LoginRequest, member: MemberRow, remember: boolean): Promise<LoginResult>;
  trial(request: LoginRequest): Promise<TrialLoginResult>;
}

export interface LoginServiceDeps {
  db: Database;
  now: Clock;
  limits: IdentityLimits;
  sessions: SessionService;
  failures: LoginFailures;
  captchas: CaptchaService;
  codes: CodeService;
  inbox: InboxService;
}

/** The failure key of an account: the member id when it exists, else the identifier as typed (lower case). */
export function accountKeyOf(member: MemberRow | null, identifier: string): string {
  return member ? `id:${member.id}` : `x:${identifier.toLowerCase().slice(0, 64)}`;
}

const trialAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function createLoginService(deps: LoginServiceDeps): LoginService {
  const { db, now, limits, sessions, failures, captchas, codes, inbox } = deps;

  async function findAccount(request: LoginRequest, payload: LoginPayload): Promise<MemberRow | null> {
    const merchantCode = request.merchant.row.code;
    const identifier = payload.username.trim();
    const dialing = payload.countryDialingCode ? normalizeDialingCode(payload.countryDialingCode) : null;
    if (payload.type === 'sms' || /^\+?[\d\s().-]+$/.test(identifier)) {
      if (!dialing && identifier.startsWith('+')) {
        // "+639171234567": try each split into a dialing code of 1 to 4 digits and a national number.
        const digits = identifier.replace(/\D/g, '');
        for (let k = 1; k <= 4; k++) {
          const code = normalizeDialingCode(digits.slice(0, k));
          const number = normalizeNationalNumber(digits.slice(k));
          const found = code && number ? await findMemberByMobile(db, merchantCode, number, code) : null;
          if (found) return found;
        }
        return null;
      }
      const number = normalizeNationalNumber(identifier);
      return number ? findMemberByMobile(db, merchantCode, number, dialing) : null;
    }
    return identifier ? findMemberByUsername(db, merchantCode, identifier) : null;
  }

  /** Once the account's failures reach the threshold, the member finds a message in the inbox (once per window). */
  async function tellMemberOfFailures(member: MemberRow, accountFailures: number): Promise<void> {
    if (accountFailures < limits.notifyAfterFailures) return;
    const kind = 'security.login.failures';
    if (await inbox.hasSince(member.id, kind, new Date(now().getTime() - limits.failureWindowMs))) return;
    await inbox.add({
      merchantCode: member.merchantCode,
      memberId: member.id,
      kind,
      titleId: 'inbox.security.loginFailures.title',
      bodyId: 'inbox.security.loginFailures.body',
      params: { count: accountFailures },
    });
  }

  async function finish(request: LoginRequest, member: MemberRow, remember: boolean): Promise<LoginResult> {
    const client = { deviceId: request.deviceId, ip: request.clientIp, userAgent: request.userAgent };
    const issued = await sessions.issueWeb(member, client);
    const result: LoginResult = {
      token: issued.token,
      userName: member.username,
      type: member.type as LoginResult['type'],
      firstTimeLogin: member.firstTimeLogin,
      passwordExpired: isPasswordExpired(member, now(), limits),
    };
    if (remember && request.deviceId) {
      const device = await sessions.issueDevice(member, { ...client, deviceId: request.deviceId });
      result.deviceToken = device.token;
      result.deviceTokenExpiresAt = device.session.expiresAt.getTime();
    }
    return result;
  }

  return {
    async login(request, payload) {
      const merchantCode = request.merchant.row.code;
      const switches = completeSwitches(request.merchant.row.switches);
      if (payload.type === 'sms' && !switches.MOBILENUMPASSREG3) {
        throw new AppError(403, errorCodes.loginMethodDisabled, 'This login method is not available.');
      }
      if (payload.type === 'sms' && !payload.countryDialingCode) {
        throw new AppError(400, errorCodes.mobileInvalid, 'The mobile num is not valid');
      }
      const client: LoginClient = { merchantCode, ip: request.clientIp, deviceId: request.deviceId };
      const member = await findAccount(request, payload);
      const accountKey = accountKeyOf(member, payload.username.trim());
      const state = await failures.state(client, accountKey, member?.id ?? null);
      failures.assertNotThrottled(state);
      if (state.captchaRequired) {
        if (!payload.captchaId || !payload.captcha) {
          throw new AppError(400, errorCodes.captchaRequired, 'Enter a captcha', { captchaRequired: true });
        }
        if (!(await captchas.verify(payload.captchaId, payload.captcha))) {
          throw new AppError(400, errorCodes.captchaInvalid, 'Captcha error, please try again.', { captchaRequired: true });
        }
      }

      let ok = false;
      let viaResetCode = false;
      if (payload.type === 'sms') {
        const mobile = normalizeMobile(payload.countryDialingCode ?? '', payload.username);
        if (mobile) {
          const check = await codes.check(
            { merchantCode, channel: 'sms', target: mobile.e164, purpose: 'noLogin' },
            payload.password,
            { consume: true },
          );
          ok = check.status === 'ok' && member !== null && member.mobileNumber === mobile.number && member.dialingCode === mobile.dialingCode;
        }
      } else {
        ok = await verifyPassword(member?.passwordHash, payload.password);
        if (!ok && /^\d{6}$/.test(payload.password.trim())) {
          // A code from "forgot password by e-mail" logs in once and asks for a new password.
          const check = await codes.checkForMember(merchantCode, member?.id ?? -1, 'password-reset', payload.password);
          ok = viaResetCode = check.status === 'ok' && member !== null;
        }
      }

      if (!ok || !member) {
        const after = await failures.record(client, accountKey, member?.id ?? null);
        if (member) await tellMemberOfFailures(member, after.accountFailures);
        throw new AppError(400, errorCodes.loginFailed, 'The account or password is incorrect.', { captchaRequired: after.captchaRequired });
      }
      if (member.status !== 'active') {
        throw new AppError(403, errorCodes.userDisabled, 'Sorry, the user does not exist or is disabled.');
      }
      await failures.clearAccount(merchantCode, accountKey);
      if (viaResetCode) {
        // The e-mailed code becomes a temporary password (the person proved they read the mailbox):
        // the change-password screen that first-time login opens takes it as the old password.
        const t = now();
        await updateMember(db, member.id, {
          passwordHash: await hashPassword(payload.password.trim()),
          firstTimeLogin: true,
          passwordChangedAt: t,
          updatedAt: t,
        });
        member.firstTimeLogin = true;
        member.passwordChangedAt = t;
      } else if (payload.type === 'username' && member.passwordHash && needsRehash(member.passwordHash)) {
        await updateMember(db, member.id, { passwordHash: await hashPassword(payload.password) });
      }
      return finish(request, member, payload.remember === true);
    },

    async loginAs(request, member, remember) {
      if (member.status !== 'active') {
        throw new AppError(403, errorCodes.userDisabled, 'Sorry, the user does not exist or is disabled.');
      }
      return finish(request, member, remember);
    },

    async loginWithDevice(request, deviceToken) {
      const member = await sessions.redeemDevice(request.merchant.row.code, deviceToken, request.deviceId);
      return finish(request, member, true);
    },

    async trial(request) {
      const merchantCode = request.merchant.row.code;
      const t = now();
      const recent = await trialMembersSince(db, merchantCode, request.clientIp, new Date(t.getTime() - 3_600_000));
      if (recent >= limits.trialPerIpPerHour) {
        throw new AppError(429, errorCodes.trialLimit, 'Too many trial accounts from this network, please try again later.');
      }
      for (let attempt = 0; ; attempt++) {
        let suffix = '';
        for (let i = 0; i < 6; i++) suffix += trialAlphabet[randomInt(0, trialAlphabet.length)];
        try {
          const member = await insertMember(db, {
            merchantCode,
            username: `trial_${suffix}`,
            type: 4,
            passwordHash: null,
            registerIp: request.clientIp.slice(0, 64),
            registerMethod: 'TRIAL',
            createdAt: t,
            updatedAt: t,
          });
          const issued = await sessions.issueWeb(member, { deviceId: request.deviceId, ip: request.clientIp, userAgent: request.userAgent });
          return { token: issued.token, userName: member.username, customerType: 4 };
        } catch (error) {
          if (uniqueViolation(error) && attempt < 5) continue;
          throw error;
        }
      }
    },
  };
}
