/**
 * SMS code requests. No session stands behind them, so each one needs the
 * human check first (a solved captcha, spec section 7's human-verification
 * fields) and fits the SMS budgets (per client address and device an hour,
 * per merchant a day): one client can no longer make the platform text
 * numbers in bulk (SMS pumping).
 */
import { errorCodes } from '../../../contract/error-codes.ts';
import type { SmsCodeRequest, SmsCodeSent } from '../../../contract/verification.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { usableDeviceId } from '../session/tokens.ts';
import { completeSwitches } from '../system/service.ts';
import type { CaptchaService } from './captcha-service.ts';
import type { CodeRequester, CodeService } from './code-service.ts';
import { normalizeMobile } from './targets.ts';

const smsText = (merchantName: string, code: string) =>
  `[${merchantName}] Your verification code is ${code}. It expires in 5 minutes. Do not share it with anyone.`;

function mobileOf(request: SmsCodeRequest) {
  const mobile = normalizeMobile(request.countryDialingCode, request.mobileNum);
  if (!mobile) throw new AppError(400, errorCodes.mobileInvalid, 'The mobile num is not valid', { field: 'mobileNum' });
  return mobile;
}

/** Whether a member of the merchant has that mobile number (the member module's query, passed in by identity.ts). */
export type MobileTaken = (merchantCode: string, dialingCode: string, number: string) => Promise<boolean>;

export function createVerificationService(codes: CodeService, captchas: CaptchaService, mobileTaken: MobileTaken) {
  /** Budgets first (nothing is used up when they refuse), then the captcha (used up, right or wrong). */
  async function humanCheck(ctx: RequestContext, request: SmsCodeRequest): Promise<CodeRequester> {
    const requester = { ip: ctx.clientIp, deviceId: usableDeviceId(ctx.deviceId) };
    await codes.assertSmsBudget(ctx.merchant.row.code, requester);
    if (!request.captchaId || !request.captcha) {
      throw new AppError(400, errorCodes.captchaRequired, 'Enter a captcha', { captchaRequired: true });
    }
    if (!(await captchas.verify(request.captchaId, request.captcha))) {
      throw new AppError(400, errorCodes.captchaInvalid, 'Captcha error, please try again.', { captchaRequired: true });
    }
    return requester;
  }

  return {
    /** Codes for login by mobile (MOBILENUMPASSREG3) and set password by phone (CHNGPASSVERIF3). Sent whether or not the number has an account. */
    async sendNoLogin(ctx: RequestContext, request: SmsCodeRequest): Promise<SmsCodeSent> {
      const merchant = ctx.merchant;
      const switches = completeSwitches(merchant.row.switches);
      if (!switches.MOBILENUMPASSREG3 && !switches.CHNGPASSVERIF3) {
        throw new AppError(403, errorCodes.forbidden, 'This account does not have permission or the feature is temporarily unavailable');
      }
      const mobile = mobileOf(request);
      const requester = await humanCheck(ctx, request);
      return codes.send({
        merchantCode: merchant.row.code,
        channel: 'sms',
        target: mobile.e164,
        purpose: 'noLogin',
        requester,
        message: (code) => smsText(merchant.row.name, code),
      });
    },
    async sendRegister(ctx: RequestContext, request: SmsCodeRequest): Promise<SmsCodeSent> {
      const merchant = ctx.merchant;
      if (!completeSwitches(merchant.row.switches).MOBILENUMREG3) {
        throw new AppError(403, errorCodes.registerMethodDisabled, 'This registration method is not available.');
      }
      const mobile = mobileOf(request);
      // The captcha comes before the registered-number answer, so numbers cannot be tested in bulk either.
      const requester = await humanCheck(ctx, request);
      if (await mobileTaken(merchant.row.code, mobile.dialingCode, mobile.number)) {
        throw new AppError(409, errorCodes.mobileExists, 'This mobile number is already registered.', { field: 'mobileNum' });
      }
      return codes.send({
        merchantCode: merchant.row.code,
        channel: 'sms',
        target: mobile.e164,
        purpose: 'register',
        requester,
        message: (code) => smsText(merchant.row.name, code),
      });
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
