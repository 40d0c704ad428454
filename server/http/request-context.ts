/**
 * The platform request headers, read in one place: Merchant (required on
 * /wps and /lgw), Authorization (the raw token, no "Bearer"), Language,
 * Device and device-id. The resolved context hangs on `request.platform`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { headerNames } from '../../contract/endpoint.ts';
import { errorCodes } from '../../contract/error-codes.ts';
import type { MerchantRow } from '../db/schema.ts';
import { type IpRanges, normalizeIp } from '../lib/ip-ranges.ts';
import { consolidatedSettingsEndpoint, systemStatusEndpoint, whitelabelEndpoint } from '../../contract/system.ts';
import { gatewayCallbackEndpoint } from '../../contract/wallet.ts';
import { isApiRequest } from './api-paths.ts';
import { AppError } from './app-error.ts';

/** A merchant as a request sees it: its row and its compiled restricted IP ranges. */
export interface MerchantSettings {
  readonly row: MerchantRow;
  readonly restrictedRanges: IpRanges;
}

/**
 * Where the request context finds the merchant of the Merchant header: the
 * system module's cached merchant directory, passed in by server/app.ts.
 */
export interface MerchantLookup {
  /** The merchant with that code, or null when there is none. */
  get(code: string): Promise<MerchantSettings | null>;
}

export interface PlatformHeaders {
  merchantCode: string | null;
  token: string | null;
  language: string | null;
  device: string | null;
  deviceId: string | null;
}

export interface RequestContext {
  merchant: MerchantSettings;
  /** The requested language when the merchant enables it, else the merchant's default. */
  language: string;
  device: string | null;
  deviceId: string | null;
  /** The raw session token of the Authorization header; validated by the session module. */
  token: string | null;
  clientIp: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    platform: RequestContext | null;
  }
  interface FastifyContextConfig {
    /** Set false on /wps routes that need no Merchant header (the OpenAPI document). */
    merchant?: boolean;
  }
}

function single(value: string | string[] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  const trimmed = v?.trim();
  return trimmed ? trimmed : null;
}

export function readPlatformHeaders(request: FastifyRequest): PlatformHeaders {
  const h = request.headers;
  let token = single(h[headerNames.authorization]);
  // Tolerate a "Bearer " prefix although the platform sends the raw token.
  if (token?.toLowerCase().startsWith('bearer ')) token = token.slice(7).trim() || null;
  return {
    merchantCode: single(h[headerNames.merchant]),
    token,
    language: single(h[headerNames.language])?.toUpperCase() ?? null,
    device: single(h[headerNames.device])?.toUpperCase() ?? null,
    deviceId: single(h[headerNames.deviceId]),
  };
}

/** The value of one cookie of the request (the last when repeated), or null. */
export function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  let found: string | null = null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) found = part.slice(eq + 1).trim();
  }
  return found;
}

export function clientIpOf(request: FastifyRequest): string {
  return normalizeIp(request.ip);
}

export async function resolveRequestContext(
  request: FastifyRequest,
  merchants: MerchantLookup,
): Promise<RequestContext> {
  const headers = readPlatformHeaders(request);
  if (!headers.merchantCode) {
    throw new AppError(400, errorCodes.merchantMissing, 'The Merchant header is required.');
  }
  const merchant = await merchants.get(headers.merchantCode);
  if (!merchant) throw new AppError(400, errorCodes.merchantUnknown, 'Unknown merchant.');
  const language =
    headers.language && merchant.row.enabledLanguages.includes(headers.language)
      ? headers.language
      : merchant.row.defaultLanguage;
  return {
    merchant,
    language,
    device: headers.device,
    deviceId: headers.deviceId,
    token: headers.token,
    clientIp: clientIpOf(request),
  };
}

/**
 * What still answers while the merchant is under maintenance: the status (the
 * site shows the maintenance page from it), the settings the shell renders
 * that page with, and money already in flight, which must land: the game
 * providers' settlement of rounds already played (/lgw) and the payment
 * gateway's callback of deposits already paid; and the loopback test switch.
 */
const openDuringMaintenance = new Set<string>([
  systemStatusEndpoint.path,
  whitelabelEndpoint.path,
  consolidatedSettingsEndpoint.path,
  gatewayCallbackEndpoint.path,
]);
const openPrefixesDuringMaintenance = ['/lgw/', '/wps/dev/'];

export function isOpenDuringMaintenance(routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  return openDuringMaintenance.has(routeUrl) || openPrefixesDuringMaintenance.some((prefix) => routeUrl.startsWith(prefix));
}

/** The answer to every other call while the merchant is under maintenance. */
export function maintenanceError(): AppError {
  return new AppError(503, errorCodes.maintenance, 'The platform is under maintenance, please try again later.');
}

export function installRequestContext(app: FastifyInstance, merchants: MerchantLookup): void {
  app.decorateRequest('platform', null);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.merchant === false || !isApiRequest(request)) return;
    request.platform = await resolveRequestContext(request, merchants);
    if (request.platform.merchant.row.maintenance && !isOpenDuringMaintenance(request.routeOptions.url)) throw maintenanceError();
  });
}

/** The context of an API request; endpoint handlers always have one. */
export function requireContext(request: FastifyRequest): RequestContext {
  if (!request.platform) throw new AppError(500, errorCodes.internal, 'Request context missing.');
  return request.platform;
}
