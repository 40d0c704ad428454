import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';

/** White-label switches of spec section 6. */
export const switchKeys = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FACEBOOKLOGIN3',
  'GOOGLELOGIN3',
  'CHNGPASSVERIF3',
  'TRANSBETREPMEM3',
  'CBS3',
  'AFFMAN3',
  // The points switch (the reward center) and the VIP flag (the VIP room), spec section 6; their keys are this platform's.
  'POINTSMALL3',
  'VIPROOM3',
  // The referral promotion (invite friends) and the rule that a withdrawal needs an approved identity check; this platform's keys.
  'REFERRAL3',
  'KYCWITHDRAW3',
  // The agents' dividend (the agency centre footer's entry, contract/agent.ts); this platform's key.
  'DIVIDEND3',
] as const;
export type SwitchKey = (typeof switchKeys)[number];
export type Switches = Record<SwitchKey, boolean>;
/**
 * Read as a record of booleans: the server sends every key (`completeSwitches`
 * in server/modules/system/service.ts) and a key it did not send reads as off.
 * The list of keys is not in the schema, so the site's first load, which
 * parses the settings, does not carry it.
 */
export const switchesSchema = z.record(z.string(), z.boolean()) as unknown as z.ZodMiniType<Switches>;

/** The answer to every call but the status and the settings while the merchant is under maintenance (server/http/request-context.ts). */
export const maintenanceErrorCode = 'system.maintenance';

/** 0 normal, 1 maintenance (also when both apply), 2 region restricted only. */
export const systemStatusCodes = { normal: 0, maintenance: 1, restricted: 2 } as const;

export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  info: z.string(),
  location: z.object({ ip: z.string() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const currencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  /** Digits after the decimal point; amounts travel as integers of minor units. */
  minorUnits: z.number(),
});

export const whitelabelSchema = z.object({
  merchantCode: z.string(),
  switches: switchesSchema,
});
export type Whitelabel = z.infer<typeof whitelabelSchema>;

export const consolidatedSettingsSchema = z.object({
  merchantCode: z.string(),
  name: z.string(),
  currency: currencySchema,
  languages: z.object({ enabled: z.array(z.string()), default: z.string() }),
  switches: switchesSchema,
  /** The promotional bonus badge of the deposit entry (minor units; the first enabled deposit promotion that has one), or null. */
  depositBadge: z.nullable(z.number()),
});
export type ConsolidatedSettings = z.infer<typeof consolidatedSettingsSchema>;

export const systemStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/system/status',
  tag: 'system',
  summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
  value: systemStatusSchema,
});

export const whitelabelEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/system/whitelabel',
  tag: 'system',
  summary: 'White-label switches of the merchant',
  value: whitelabelSchema,
});

export const consolidatedSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/system/settings/consolidated',
  tag: 'system',
  summary: 'Merchant settings the client needs at start: currency, languages, switches',
  value: consolidatedSettingsSchema,
});
