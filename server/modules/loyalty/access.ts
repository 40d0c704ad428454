/**
 * Who may enter the VIP room and the reward center: only when the merchant
 * turned the feature's switch on (`VIPROOM3`, the VIP flag; `POINTSMALL3`,
 * the points switch), else 403 `request.forbidden` as for every switched-off
 * feature; and only a real account: a trial one (type 4) gets 403
 * `trial.forbidden` (spec section 6: trial accounts get no member features).
 * The switch is checked first, so a trial visitor of a merchant without the
 * feature learns only that it is off.
 */
import { errorCodes } from '../../../contract/error-codes.ts';
import { trialTypes } from '../../../contract/session.ts';
import type { SwitchKey } from '../../../contract/system.ts';
import type { MemberRow, MerchantRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { completeSwitches } from '../system/service.ts';

export const isTrial = (member: Pick<MemberRow, 'type'>): boolean => (trialTypes as readonly number[]).includes(member.type);

export const switchedOn = (merchant: MerchantRow, key: SwitchKey): boolean => completeSwitches(merchant.switches)[key];

export function assertLoyaltyAccess(member: MemberRow, merchant: MerchantRow, key: 'VIPROOM3' | 'POINTSMALL3'): void {
  if (!switchedOn(merchant, key)) {
    throw new AppError(403, errorCodes.forbidden, 'This account does not have permission or the feature is temporarily unavailable');
  }
  if (isTrial(member)) throw new AppError(403, errorCodes.trialForbidden, 'Please login an actual account to use this function');
}
