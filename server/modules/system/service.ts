/**
 * System rules: the status a visitor gets (maintenance, region restriction)
 * and the merchant settings the client needs at start.
 */
import {
  type ConsolidatedSettings,
  type SystemStatus,
  switchKeys,
  type Switches,
  systemStatusCodes,
  type Whitelabel,
} from '../../../contract/system.ts';
import type { MerchantRow } from '../../db/schema.ts';
import type { MerchantSettings } from '../../http/request-context.ts';

/** 1 when under maintenance (also when restricted too), 2 when only the IP is restricted, else 0. */
export function systemStatus(merchant: MerchantSettings, clientIp: string): SystemStatus {
  const maintenance = merchant.row.maintenance;
  const regionRestriction = merchant.restrictedRanges.contains(clientIp);
  const status = maintenance
    ? systemStatusCodes.maintenance
    : regionRestriction
      ? systemStatusCodes.restricted
      : systemStatusCodes.normal;
  return {
    status,
    info: maintenance ? merchant.row.maintenanceInfo : '',
    location: { ip: clientIp },
    maintenance,
    regionRestriction,
  };
}

/** Every switch key present; a key missing in the stored record counts as off. */
export function completeSwitches(stored: Partial<Switches>): Switches {
  const out = {} as Switches;
  for (const key of switchKeys) out[key] = stored[key] === true;
  return out;
}

export function whitelabel(row: MerchantRow): Whitelabel {
  return { merchantCode: row.code, switches: completeSwitches(row.switches) };
}

export function consolidatedSettings(row: MerchantRow, depositBadge: number | null): ConsolidatedSettings {
  return {
    merchantCode: row.code,
    name: row.name,
    currency: { code: row.currencyCode, symbol: row.currencySymbol, minorUnits: row.minorUnits },
    languages: { enabled: [...row.enabledLanguages], default: row.defaultLanguage },
    switches: completeSwitches(row.switches),
    depositBadge,
  };
}
