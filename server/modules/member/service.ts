/**
 * Member rules: registration by username or mobile number under the
 * merchant's registration rules, username and affiliate checks, member info,
 * change password, set password by phone, forgot password by e-mail, and the
 * member's own account: nickname, e-mail, payee name (set once) and head icon.
 * The login password asked again before a change (change password, the
 * security center) is checked under the login-failure throttle, and every
 * wrong one counts as a failed login of the account.
 */
import { randomInt } from 'node:crypto';
import { errorCodes } from '../../../contract/error-codes.ts';
import type {
  AccountField,
  MemberInfo,
  RegisterField,
  RegisterMethod,
  RegisterPayload,
  RegistrationRules,
  SetPasswordByPhonePayload,
} from '../../../contract/member.ts';
import { birthdayMinimumAge, isOldEnough, registerFields } from '../../../contract/member.ts';
import type { Database } from '../../db/connect.ts';
import type { MemberRow, MerchantRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantSettings } from '../../http/request-context.ts';
import type { Clock } from '../session/config.ts';
import type { LoginFailures } from '../session/login-failures.ts';
import type { AuthenticatedSession, SessionService } from '../session/session-service.ts';
import { completeSwitches } from '../system/service.ts';
import type { CaptchaService } from '../verification/captcha-service.ts';
import { type CodeCheck, type CodeService, codeInvalidError } from '../verification/code-service.ts';
import { type Mobile, normalizeEmail, normalizeMobile, normalizeNationalNumber } from '../verification/targets.ts';
import { checkAccountField, decodeIcon, iconDataUrl, payeeNameLocked } from './account.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  findAgentByAffiliateCode,
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  findMemberIcon,
  insertMember,
  mobileTaken,
  saveMemberIcon,
  setPayeeNameOnce,
  uniqueViolation,
  updateMember,
} from './queries.ts';
import { isAgent, isTrial } from './referral.ts';
import { isEmailAddress, matchesPattern, passwordPattern, registrationRules, usernamePattern } from './registration-rules.ts';

/**
 * The member card's VIP label from the member's VIP level (null: the label
 * stored on the member stays). The loyalty module's, handed in by
 * server/modules/identity.ts (server/modules/loyalty/vip.ts `vipLabelOf`).
 */
export type VipLabelSource = (member: MemberRow, merchant: MerchantRow) => Promise<string | null>;

export interface MemberServiceDeps {
  db: Database;
  now: Clock;
  sessions: SessionService;
  failures: LoginFailures;
  captchas: CaptchaService;
  codes: CodeService;
  /** Without it the card shows the stored label. */
  vipLabel?: VipLabelSource;
}

export interface ClientInfo {
  merchant: MerchantSettings;
  clientIp: string;
}

/** The errorCode of a field whose value breaks its rule. */
const fieldErrors: Partial<Record<RegisterField, [string, string]>> = {
  username: [errorCodes.usernameInvalid, 'Account format is incorrect'],
  mobileNum: [errorCodes.mobileInvalid, 'The mobile num is not valid'],
  verificationCode: [errorCodes.codeInvalid, 'Verification code error'],
  password: [errorCodes.passwordInvalid, 'Password format is incorrect'],
  email: [errorCodes.emailInvalid, 'E-mail format is incorrect'],
  nickname: [errorCodes.nameInvalid, 'Name format is not valid'],
  payeeName: [errorCodes.nameInvalid, 'Name format is not valid'],
  affiliateCode: [errorCodes.affiliateInvalid, 'Invalid invitation code'],
  recommenderId: [errorCodes.referrerInvalid, 'Referrer link error'],
  birthday: [errorCodes.birthdayInvalid, 'Birthday is not valid'],
  captcha: [errorCodes.captchaInvalid, 'Captcha error, please try again.'],
};

function fieldInvalid(field: RegisterField): AppError {
  const [code, message] = fieldErrors[field] ?? [errorCodes.fieldInvalid, 'Please check the information you entered.'];
  return new AppError(400, code, message, field === 'captcha' ? { field, captchaRequired: true } : { field });
}

function fieldRequired(field: RegisterField): AppError {
  if (field === 'captcha') return new AppError(400, errorCodes.captchaRequired, 'Enter a captcha', { field, captchaRequired: true });
  return new AppError(400, errorCodes.fieldRequired, 'Please fill in the required fields.', { field });
}

/** A real calendar date from 1900-01-01 to today. */
function validBirthday(value: string, today: Date): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && date.getTime() <= today.getTime();
}

type Fields = Partial<Record<RegisterField, string>>;

/** Trimmed values, empty ones dropped. Passwords are kept as typed. */
function collectFields(payload: RegisterPayload): Fields {
  const out: Fields = {};
  for (const name of registerFields) {
    const raw = payload[name];
    if (typeof raw !== 'string') continue;
    const value = name === 'password' || name === 'confirmPassword' || name === 'paymentPassword' ? raw : raw.trim();
    if (value !== '') out[name] = value;
  }
  return out;
}

/**
 * Checks every field the method and the rules ask for, in the form's order,
 * and throws the first failure. Fields the rules switch off are ignored.
 */
export function validateRegistration(rules: RegistrationRules, method: RegisterMethod, fields: Fields, today: Date): Set<RegisterField> {
  const active = new Set<RegisterField>();
  for (const name of registerFields) if (rules.fields[name].enabled) active.add(name);
  const mustHave = new Set<RegisterField>(['password', 'confirmPassword']);
  if (method === 'username') {
    active.add('username');
    mustHave.add('username');
  } else {
    active.add('mobileNum');
    mustHave.add('mobileNum');
    if (rules.smsVerification) mustHave.add('verificationCode');
    else active.delete('verificationCode');
  }
  if (method === 'username') active.delete('verificationCode');
  if (!rules.captchaRequired) active.delete('captcha');
  if (!rules.affiliateEnabled) active.delete('affiliateCode');

  for (const name of registerFields) {
    if (!active.has(name)) continue;
    const rule = rules.fields[name];
    const value = fields[name];
    if (value === undefined) {
      if (mustHave.has(name) || rule.required) throw fieldRequired(name);
      continue;
    }
    if (name === 'confirmPassword') {
      if (value !== fields.password) throw new AppError(400, errorCodes.passwordMismatch, 'Confirmation password not matched', { field: name });
      continue;
    }
    const checked = name === 'mobileNum' ? value.replace(/[\s().-]/g, '') : value;
    if (checked.length > rule.maxLength || !matchesPattern(rule.pattern, checked)) throw fieldInvalid(name);
    if (name === 'birthday' && !validBirthday(value, today)) throw fieldInvalid(name);
    if (name === 'birthday' && !isOldEnough(value, today)) {
      throw new AppError(400, errorCodes.birthdayUnderage, `Players must be ${birthdayMinimumAge} or older`, { field: name, minimumAge: birthdayMinimumAge });
    }
  }
  return active;
}

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

function maskMobile(member: MemberRow): string | null {
  if (!member.mobileNumber) return null;
  const n = member.mobileNumber;
  return `+${member.dialingCode ?? ''} ${n.slice(0, 3)}${'*'.repeat(Math.max(0, n.length - 6))}${n.slice(-3)}`;
}

export function createMemberService(deps: MemberServiceDeps) {
  const { db, now, sessions, failures, captchas } = deps;
  const codes: CodeService = deps.codes;

  async function newMobileUsername(merchantCode: string): Promise<string> {
    for (let i = 0; i < 10; i++) {
      const name = `m${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
      if (!(await findMemberByUsername(db, merchantCode, name))) return name;
    }
    throw new Error('no free username');
  }

  /**
   * The member a shared link names as the referrer: by member ID (as the
   * member screens show it) or username; active plain members only (trial
   * accounts and agents have no referral link: agents invite with their
   * affiliate code).
   */
  async function findReferrer(merchantCode: string, value: string): Promise<MemberRow | null> {
    const byId = /^\d{1,15}$/.test(value) ? await findMemberById(db, Number(value)) : null;
    const member = byId?.merchantCode === merchantCode ? byId : await findMemberByUsername(db, merchantCode, value);
    return member && member.status === 'active' && !isTrial(member) && !isAgent(member) ? member : null;
  }

  async function register(client: ClientInfo, method: RegisterMethod, payload: RegisterPayload): Promise<{ userName: string }> {
    const merchantCode = client.merchant.row.code;
    const rules = registrationRules(client.merchant.row);
    if (!rules.methods[method]) {
      throw new AppError(403, errorCodes.registerMethodDisabled, 'This registration method is not available.');
    }
    const t = now();
    const fields = collectFields(payload);
    const active = validateRegistration(rules, method, fields, t);
    const take = (name: RegisterField) => (active.has(name) ? fields[name] : undefined);

    let mobile: Mobile | null = null;
    const mobileNum = take('mobileNum');
    if (mobileNum) {
      mobile = normalizeMobile(payload.countryDialingCode ?? '', mobileNum);
      if (!mobile) throw fieldInvalid('mobileNum');
    }

    if (rules.captchaRequired && !(await captchas.verify(payload.captchaId, fields.captcha))) throw fieldInvalid('captcha');

    let parentId: number | null = null;
    const affiliateCode = take('affiliateCode');
    if (affiliateCode) {
      const agent = await findAgentByAffiliateCode(db, merchantCode, affiliateCode);
      if (!agent) throw fieldInvalid('affiliateCode');
      parentId = agent.id;
    }

    let referrerId: number | null = null;
    const recommenderId = take('recommenderId');
    if (recommenderId) {
      const referrer = await findReferrer(merchantCode, recommenderId);
      if (!referrer) throw fieldInvalid('recommenderId');
      referrerId = referrer.id;
    }

    const username = take('username') ?? (await newMobileUsername(merchantCode));
    if (await findMemberByUsername(db, merchantCode, username)) {
      throw new AppError(409, errorCodes.usernameExists, 'Sorry, the username already exists.', { field: 'username' });
    }
    if (mobile && (await mobileTaken(db, merchantCode, mobile.dialingCode, mobile.number))) {
      throw new AppError(409, errorCodes.mobileExists, 'This mobile number is already registered.', { field: 'mobileNum' });
    }
    if (method === 'mobile' && rules.smsVerification && mobile) {
      const check = await codes.check(
        { merchantCode, channel: 'sms', target: mobile.e164, purpose: 'register' },
        fields.verificationCode ?? '',
        { consume: true },
      );
      codes.raise(check);
    }

    const password = fields.password ?? '';
    const paymentPassword = take('paymentPassword');
    const [passwordHash, paymentPasswordHash] = await Promise.all([
      hashPassword(password),
      paymentPassword ? hashPassword(paymentPassword) : Promise.resolve(null),
    ]);
    const contacts: Record<string, string> = {};
    for (const name of ['qqNum', 'facebook', 'wechat', 'line', 'whatsapp', 'zalo'] as const) {
      const value = take(name);
      if (value) contacts[name] = value;
    }
    try {
      const member = await insertMember(db, {
        merchantCode,
        username,
        dialingCode: mobile?.dialingCode ?? null,
        mobileNumber: mobile?.number ?? null,
        email: take('email') ?? null,
        passwordHash,
        paymentPasswordHash,
        type: 0,
        parentId,
        nickname: take('nickname') ?? null,
        payeeName: take('payeeName') ?? null,
        birthday: take('birthday') ?? null,
        idNumber: take('idNumber') ?? null,
        recommenderId: take('recommenderId') ?? null,
        referrerId,
        contacts,
        passwordChangedAt: t,
        registerMethod: payload.registerMethod ?? null,
        registerUrl: (payload.registerUrl ?? payload.domain ?? '').slice(0, 256) || null,
        registerIp: client.clientIp.slice(0, 64),
        createdAt: t,
        updatedAt: t,
      });
      return { userName: member.username };
    } catch (error) {
      const index = uniqueViolation(error);
      if (index?.includes('username')) {
        throw new AppError(409, errorCodes.usernameExists, 'Sorry, the username already exists.', { field: 'username' });
      }
      if (index?.includes('mobile')) {
        throw new AppError(409, errorCodes.mobileExists, 'This mobile number is already registered.', { field: 'mobileNum' });
      }
      throw error;
    }
  }

  /** A trial account (or one without a login password) has no password to confirm or change: 403 trial.forbidden. */
  function refuseWithoutPassword(member: MemberRow): asserts member is MemberRow & { passwordHash: string } {
    if (member.type === 4 || !member.passwordHash) {
      throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
    }
  }

  /**
   * Checks the login password the member typed again before a change: 403
   * trial.forbidden without one, 429 login.throttled while the login throttle
   * holds this client back on the account, 400 modify.old.password.incorrect
   * (with `field`) when wrong, which counts as a failed login.
   */
  async function confirmLoginPassword(auth: AuthenticatedSession, client: ClientInfo, password: string, field = 'oldPassword'): Promise<void> {
    const { member, session } = auth;
    refuseWithoutPassword(member);
    const failureClient = { merchantCode: member.merchantCode, ip: client.clientIp, deviceId: session.deviceId };
    const accountKey = `id:${member.id}`;
    failures.assertNotThrottled(await failures.state(failureClient, accountKey, member.id));
    if (!(await verifyPassword(member.passwordHash, password))) {
      await failures.record(failureClient, accountKey, member.id);
      throw new AppError(400, errorCodes.oldPasswordIncorrect, 'The old password is incorrect.', { field });
    }
  }

  /** Same answer for every wrong case, so the lock and old-password checks cannot tell accounts apart. */
  async function changePassword(
    auth: AuthenticatedSession,
    client: ClientInfo,
    body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  ): Promise<null> {
    const { member, session } = auth;
    refuseWithoutPassword(member);
    if (body.newPassword !== body.confirmNewPassword) {
      throw new AppError(400, errorCodes.passwordMismatch, 'Confirmation password not matched', { field: 'confirmNewPassword' });
    }
    if (body.newPassword === body.oldPassword) {
      throw new AppError(400, errorCodes.newPasswordSame, 'The new password is the same as the old password.');
    }
    const rule = registrationRules(client.merchant.row).fields.password;
    if (body.newPassword.length > rule.maxLength || !matchesPattern(rule.pattern ?? passwordPattern, body.newPassword)) {
      throw new AppError(400, errorCodes.passwordInvalid, 'Password format is incorrect', { field: 'newPassword' });
    }
    await confirmLoginPassword(auth, client, body.oldPassword);
    const t = now();
    await updateMember(db, member.id, {
      passwordHash: await hashPassword(body.newPassword),
      passwordChangedAt: t,
      firstTimeLogin: false,
      updatedAt: t,
    });
    member.firstTimeLogin = false;
    await sessions.revokeMember(member.id, 'password', session.id);
    return null;
  }

  async function setPasswordByPhone(client: ClientInfo, payload: SetPasswordByPhonePayload): Promise<{ userName: string }> {
    const merchantCode = client.merchant.row.code;
    if (!completeSwitches(client.merchant.row.switches).CHNGPASSVERIF3) {
      throw new AppError(403, errorCodes.forbidden, 'This account does not have permission or the feature is temporarily unavailable');
    }
    const rule = registrationRules(client.merchant.row).fields.password;
    if (payload.newPassword.length > rule.maxLength || !matchesPattern(rule.pattern ?? passwordPattern, payload.newPassword)) {
      throw new AppError(400, errorCodes.passwordInvalid, 'Password format is incorrect', { field: 'newPassword' });
    }
    let member: MemberRow | null;
    let target: string | null;
    if (payload.countryDialingCode) {
      const mobile = normalizeMobile(payload.countryDialingCode, payload.mobileNum);
      if (!mobile) throw new AppError(400, errorCodes.mobileInvalid, 'The mobile num is not valid', { field: 'mobileNum' });
      target = mobile.e164;
      member = await findMemberByMobile(db, merchantCode, mobile.number, mobile.dialingCode);
    } else {
      const number = normalizeNationalNumber(payload.mobileNum);
      if (!number) throw new AppError(400, errorCodes.mobileInvalid, 'The mobile num is not valid', { field: 'mobileNum' });
      member = await findMemberByMobile(db, merchantCode, number, null);
      target = member ? `+${member.dialingCode}${member.mobileNumber}` : null;
    }
    // The code is checked (and counted) now but used up only when the password changes,
    // so "same password" (modify.new.old.same) lets the person pick another with the same code.
    const check: CodeCheck = target
      ? await codes.check({ merchantCode, channel: 'sms', target, purpose: 'noLogin' }, payload.verificationCode, { consume: false })
      : { status: 'invalid' };
    codes.raise(check);
    // A number nobody registered answers exactly as a wrong code, even with the right code
    // (sms/noLogin sends codes to any number): the answer never tells whether an account exists.
    if (!member) throw codeInvalidError();
    if (member.status !== 'active') throw new AppError(403, errorCodes.userDisabled, 'Sorry, the user does not exist or is disabled.');
    if (member.type === 4) throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
    if (member.passwordHash && (await verifyPassword(member.passwordHash, payload.newPassword))) {
      throw new AppError(400, errorCodes.newPasswordSame, 'The new password is the same as the old password.');
    }
    if (!(await codes.consume(check.id))) throw new AppError(400, errorCodes.codeInvalid, 'Verification code error');
    const t = now();
    await updateMember(db, member.id, {
      passwordHash: await hashPassword(payload.newPassword),
      passwordChangedAt: t,
      firstTimeLogin: false,
      updatedAt: t,
    });
    await sessions.revokeMember(member.id, 'password');
    await failures.clearAccount(merchantCode, `id:${member.id}`);
    return { userName: member.username };
  }

  async function forgotPasswordByEmail(client: ClientInfo, body: { username: string; email: string }): Promise<null> {
    const merchantCode = client.merchant.row.code;
    const username = body.username.trim();
    const email = normalizeEmail(body.email);
    if (!/^[A-Za-z0-9_]{1,32}$/.test(username)) {
      throw new AppError(400, errorCodes.usernameInvalid, 'Account format is incorrect', { field: 'username' });
    }
    if (!isEmailAddress(email)) {
      throw new AppError(400, errorCodes.emailInvalid, 'E-mail format is incorrect', { field: 'email' });
    }
    const member = await findMemberByUsername(db, merchantCode, username);
    const matched =
      member !== null && member.status === 'active' && member.type !== 4 && member.email !== null && normalizeEmail(member.email) === email;
    await codes.send({
      merchantCode,
      channel: 'email',
      target: email,
      purpose: 'password-reset',
      memberId: matched ? member.id : null,
      deliver: matched,
      message: (code) =>
        `${client.merchant.row.name}: your password reset code is ${code}. ` +
        `Log in as ${member?.username ?? username} with this code as the password within 5 minutes, then choose a new password.`,
    });
    return null;
  }

  /** The card: the VIP label is the member's VIP level while the VIP flag is on (vipLabel), else the stored one. */
  async function info(auth: AuthenticatedSession, client: Pick<ClientInfo, 'merchant'>): Promise<MemberInfo> {
    const { member } = auth;
    const label = (await deps.vipLabel?.(member, client.merchant.row)) ?? member.vipLabel;
    return {
      id: member.id,
      type: member.type as MemberInfo['type'],
      account: member.username,
      nickname: member.nickname,
      clubLabel: label ? { labelName: label } : null,
      email: maskEmail(member.email),
      mobileNum: maskMobile(member),
      payeeName: member.payeeName,
      iconVersion: member.iconChangedAt?.getTime() ?? null,
      firstTimeLogin: member.firstTimeLogin,
    };
  }

  /** A trial account cannot change the account's data. */
  function refuseTrial(member: MemberRow): void {
    if (member.type === 4) throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
  }

  /**
   * Saves the member's nickname or e-mail (trimmed, within the merchant's rule
   * of the field) and drops the member's cached sessions, so the member info
   * read next shows it.
   */
  async function setAccountField(auth: AuthenticatedSession, client: ClientInfo, field: Exclude<AccountField, 'payeeName'>, raw: string): Promise<null> {
    const { member } = auth;
    refuseTrial(member);
    const value = checkAccountField(client.merchant.row, field, raw);
    await updateMember(db, member.id, { [field]: value, updatedAt: now() });
    sessions.forgetMember(member.id);
    return null;
  }

  const setNickname = (auth: AuthenticatedSession, client: ClientInfo, body: { nickname: string }) =>
    setAccountField(auth, client, 'nickname', body.nickname);

  const setEmail = (auth: AuthenticatedSession, client: ClientInfo, body: { email: string }) => setAccountField(auth, client, 'email', body.email);

  /** The payee name is set once (also against a simultaneous second call); then only the operator changes it (`members payee`). */
  async function setPayeeName(auth: AuthenticatedSession, client: ClientInfo, body: { payeeName: string }): Promise<null> {
    const { member } = auth;
    refuseTrial(member);
    if (member.payeeName) throw payeeNameLocked();
    const value = checkAccountField(client.merchant.row, 'payeeName', body.payeeName);
    if (!(await setPayeeNameOnce(db, member.id, value, now()))) throw payeeNameLocked();
    sessions.forgetMember(member.id);
    return null;
  }

  async function icon(auth: AuthenticatedSession): Promise<{ icon: string | null }> {
    const row = await findMemberIcon(db, auth.member.id);
    return { icon: row ? iconDataUrl({ contentType: row.contentType, bytes: row.data }) : null };
  }

  /** Checks the icon's bytes (account.ts), stores it and answers it with its new version. */
  async function uploadIcon(auth: AuthenticatedSession, body: { icon: string }): Promise<{ icon: string; iconVersion: number }> {
    const { member } = auth;
    refuseTrial(member);
    const decoded = decodeIcon(body.icon);
    const changedAt = await saveMemberIcon(db, member.id, decoded, now());
    sessions.forgetMember(member.id);
    return { icon: iconDataUrl(decoded), iconVersion: changedAt.getTime() };
  }

  async function usernameCheck(client: ClientInfo, username: string): Promise<{ valid: boolean; available: boolean }> {
    const rule = registrationRules(client.merchant.row).fields.username;
    const value = username.trim();
    const valid = value.length > 0 && value.length <= rule.maxLength && matchesPattern(rule.pattern ?? usernamePattern, value);
    if (!valid) return { valid: false, available: false };
    return { valid: true, available: !(await findMemberByUsername(db, client.merchant.row.code, value)) };
  }

  async function affiliateCheck(client: ClientInfo, code: string): Promise<{ valid: boolean }> {
    const rules = registrationRules(client.merchant.row);
    const value = code.trim();
    if (!rules.affiliateEnabled || !value || !matchesPattern(rules.fields.affiliateCode.pattern, value)) return { valid: false };
    return { valid: (await findAgentByAffiliateCode(db, client.merchant.row.code, value)) !== null };
  }

  return {
    register,
    confirmLoginPassword,
    changePassword,
    setPasswordByPhone,
    forgotPasswordByEmail,
    info,
    setNickname,
    setEmail,
    setPayeeName,
    icon,
    uploadIcon,
    usernameCheck,
    affiliateCheck,
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
