/** SMS code requests and the development outbox listing. */
import { and, desc, eq } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { OutboxMessage, SmsCodeRequest, SmsCodeSent } from '../../../contract/verification.ts';
import type { Database } from '../../db/connect.ts';
import { outbox } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantSettings } from '../../http/request-context.ts';
import { completeSwitches } from '../system/service.ts';
import type { CodeService } from './code-service.ts';
import { normalizeMobile, recipientKey } from './targets.ts';

const smsText = (merchantName: string, code: string) =>
  `[${merchantName}] Your verification code is ${code}. It expires in 5 minutes. Do not share it with anyone.`;

function mobileOf(request: SmsCodeRequest) {
  const mobile = normalizeMobile(request.countryDialingCode, request.mobileNum);
  if (!mobile) throw new AppError(400, errorCodes.mobileInvalid, 'The mobile num is not valid', { field: 'mobileNum' });
  return mobile;
}

/** Whether a member of the merchant has that mobile number (the member module's query, passed in by identity.ts). */
export type MobileTaken = (merchantCode: string, dialingCode: string, number: string) => Promise<boolean>;

export function createVerificationService(db: Database, codes: CodeService, mobileTaken: MobileTaken) {
  return {
    /** Codes for login by mobile (MOBILENUMPASSREG3) and set password by phone (CHNGPASSVERIF3). Sent whether or not the number has an account. */
    async sendNoLogin(merchant: MerchantSettings, request: SmsCodeRequest): Promise<SmsCodeSent> {
      const switches = completeSwitches(merchant.row.switches);
      if (!switches.MOBILENUMPASSREG3 && !switches.CHNGPASSVERIF3) {
        throw new AppError(403, errorCodes.forbidden, 'This account does not have permission or the feature is temporarily unavailable');
      }
      const mobile = mobileOf(request);
      return codes.send({
        merchantCode: merchant.row.code,
        channel: 'sms',
        target: mobile.e164,
        purpose: 'noLogin',
        message: (code) => smsText(merchant.row.name, code),
      });
    },

    async sendRegister(merchant: MerchantSettings, request: SmsCodeRequest): Promise<SmsCodeSent> {
      if (!completeSwitches(merchant.row.switches).MOBILENUMREG3) {
        throw new AppError(403, errorCodes.registerMethodDisabled, 'This registration method is not available.');
      }
      const mobile = mobileOf(request);
      if (await mobileTaken(merchant.row.code, mobile.dialingCode, mobile.number)) {
        throw new AppError(409, errorCodes.mobileExists, 'This mobile number is already registered.', { field: 'mobileNum' });
      }
      return codes.send({
        merchantCode: merchant.row.code,
        channel: 'sms',
        target: mobile.e164,
        purpose: 'register',
        message: (code) => smsText(merchant.row.name, code),
      });
    },

    async outbox(merchantCode: string, to: string): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.merchantCode, merchantCode), eq(outbox.recipient, recipientKey(to))))
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(20);
      return rows.map((row) => ({ channel: row.channel, to: row.recipient, body: row.body, createdAt: row.createdAt.toISOString() }));
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
