/**
 * Operator commands on a merchant's system settings (maintenance, region
 * restriction, languages, the white-label switches). server/admin/commands.ts
 * puts them beside the other areas' commands for the admin CLI and the
 * running server's local admin listener.
 */
import * as z from 'zod/mini';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { Database } from '../../db/connect.ts';
import type { MerchantRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { formatCidr, parseCidr } from '../../lib/ip-ranges.ts';
import { switchKeys } from '../../../contract/system.ts';
import { findMerchant, type MerchantPatch, setMerchantSwitch, updateMerchant } from './queries.ts';
import { completeSwitches } from './service.ts';
import { hasCatalog, interfaceLanguages, normaliseLanguage } from '../../../contract/languages.ts';

const merchant = z.string().check(z.minLength(1), z.maxLength(32));

export const systemCommandSchemas = [
  z.object({ kind: z.literal('maintenance.on'), merchant, info: z.optional(z.string().check(z.maxLength(2000))) }),
  z.object({ kind: z.literal('maintenance.off'), merchant }),
  z.object({ kind: z.literal('restrict.set'), merchant, cidrs: z.array(z.string()).check(z.minLength(1)) }),
  z.object({ kind: z.literal('restrict.clear'), merchant }),
  z.object({ kind: z.literal('restrict.list'), merchant }),
  z.object({ kind: z.literal('status'), merchant }),
  z.object({ kind: z.literal('languages.set'), merchant, languages: z.array(z.string()).check(z.minLength(1), z.maxLength(64)) }),
  z.object({ kind: z.literal('switch.set'), merchant, key: z.enum(switchKeys), on: z.boolean() }),
] as const;

export type SystemCommand = z.infer<(typeof systemCommandSchemas)[number]>;

export interface MerchantSettingsView {
  code: string;
  name: string;
  maintenance: boolean;
  maintenanceInfo: string;
  restrictedIpRanges: string[];
  enabledLanguages: string[];
  defaultLanguage: string;
  currency: { code: string; symbol: string; minorUnits: number };
  switches: Record<string, boolean>;
  updatedAt: string;
}

export function toSettingsView(row: MerchantRow): MerchantSettingsView {
  return {
    code: row.code,
    name: row.name,
    maintenance: row.maintenance,
    maintenanceInfo: row.maintenanceInfo,
    restrictedIpRanges: [...row.restrictedIpRanges],
    enabledLanguages: [...row.enabledLanguages],
    defaultLanguage: row.defaultLanguage,
    currency: { code: row.currencyCode, symbol: row.currencySymbol, minorUnits: row.minorUnits },
    switches: completeSwitches(row.switches),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Validates and normalises CIDRs (`10.1.2.3/8` stays as given; a bare address gets /32 or /128). */
export function normalizeCidrs(cidrs: readonly string[]): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const text of cidrs) {
    const cidr = parseCidr(text);
    if (!cidr) invalid.push(text);
    else if (!valid.includes(formatCidr(cidr))) valid.push(formatCidr(cidr));
  }
  return { valid, invalid };
}

function unknownMerchant(code: string): AppError {
  return new AppError(404, errorCodes.merchantUnknown, `Unknown merchant ${code}.`);
}

/** 404 merchant.unknown when no merchant has that code (checked before the other areas' commands too). */
export async function assertMerchantExists(db: Database, code: string): Promise<void> {
  if (!(await findMerchant(db, code))) throw unknownMerchant(code);
}

export async function executeSystemCommand(db: Database, command: SystemCommand): Promise<MerchantSettingsView> {
  let patch: MerchantPatch | null = null;
  switch (command.kind) {
    case 'maintenance.on':
      patch = command.info === undefined ? { maintenance: true } : { maintenance: true, maintenanceInfo: command.info };
      break;
    case 'maintenance.off':
      patch = { maintenance: false, maintenanceInfo: '' };
      break;
    case 'restrict.set': {
      const { valid, invalid } = normalizeCidrs(command.cidrs);
      if (invalid.length > 0) throw AppError.invalid(`Invalid CIDR: ${invalid.join(', ')}`);
      patch = { restrictedIpRanges: valid };
      break;
    }
    case 'restrict.clear':
      patch = { restrictedIpRanges: [] };
      break;
    case 'languages.set': {
      const codes = [...new Set(command.languages.map((code) => normaliseLanguage(code)))];
      const unknown = command.languages.filter((code) => !hasCatalog(normaliseLanguage(code)));
      if (unknown.length > 0) {
        throw AppError.invalid(`No catalog for ${unknown.join(', ')}; languages: ${interfaceLanguages.map((l) => l.code).join(', ')}`);
      }
      const current = await findMerchant(db, command.merchant);
      if (!current) throw unknownMerchant(command.merchant);
      // The default stays when it is still offered; else the first language given becomes it.
      const defaultLanguage = codes.includes(current.defaultLanguage) ? current.defaultLanguage : codes[0]!;
      patch = { enabledLanguages: codes, defaultLanguage };
      break;
    }
    case 'switch.set': {
      const row = await setMerchantSwitch(db, command.merchant, command.key, command.on);
      if (!row) throw unknownMerchant(command.merchant);
      return toSettingsView(row);
    }
    case 'restrict.list':
    case 'status':
      break;
  }
  const row = patch ? await updateMerchant(db, command.merchant, patch) : await findMerchant(db, command.merchant);
  if (!row) throw unknownMerchant(command.merchant);
  return toSettingsView(row);
}
