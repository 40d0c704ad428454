/**
 * Locally generated images: a game icon per game (gradient, shape and
 * initials from a hash of the id and name), a white vendor logo per vendor
 * (`<vendor>-WHITE.svg`; BTI and the TCG vendors share `TCG-WHITE.svg`) and a
 * default icon (banner images: content/banner-images.ts, drawn and served
 * with the helpers here). Nothing is fetched from elsewhere. Answers carry an
 * ETag (304 on If-None-Match) and a one-day public cache lifetime.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultGameIconUrl } from '../../../contract/games.ts';
import { AppError } from '../../http/app-error.ts';
import { hashString } from '../../lib/string-hash.ts';
import { findGameForIcon, findVendor } from './queries.ts';

export const gameIconPrefix = '/static/game-icons';
export const vendorLogoPrefix = '/static/vendor-logos';

export const gameIconUrl = (gameId: number) => `${gameIconPrefix}/${gameId}.svg`;
/** Spec section 9: BTI and the TCG-prefixed vendors (TCG_SEA, TCG_LOTTO_VN, ...) share one icon, TCG's. */
export const sharedLogoCode = 'TCG';
export const logoCodeOf = (code: string) => (code === 'BTI' || code.startsWith(sharedLogoCode) ? sharedLogoCode : code);
export const vendorLogoUrl = (code: string) => `${vendorLogoPrefix}/${encodeURIComponent(logoCodeOf(code))}-WHITE.svg`;

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Up to two initials: first letters (or digits) of the first two words. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-/&']+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '')
    .join('')
    .toUpperCase();
}

const shapes = [
  // circle, diamond, hexagon, star, rounded square
  '<circle cx="100" cy="92" r="58"/>',
  '<path d="M100 26 166 92 100 158 34 92Z"/>',
  '<path d="M100 30 154 61V123L100 154 46 123V61Z"/>',
  '<path d="M100 24 119 70 168 72 130 103 143 150 100 124 57 150 70 103 32 72 81 70Z"/>',
  '<rect x="44" y="36" width="112" height="112" rx="26"/>',
];

export function gameIconSvg(id: number, name: string, vendor: string): string {
  const h = hashString(`${id}:${name}`);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 80)) % 360;
  const shape = shapes[(h >>> 17) % shapes.length];
  const label = name.length > 22 ? `${name.slice(0, 21)}…` : name;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 48%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 26%)"/></linearGradient></defs>
<rect width="200" height="200" rx="28" fill="url(#g)"/>
<g fill="#fff" fill-opacity="0.16">${shape}</g>
<text x="100" y="112" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="56" font-weight="700" fill="#fff">${escapeXml(initialsOf(name))}</text>
<text x="100" y="176" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="15" fill="#fff" fill-opacity="0.92">${escapeXml(label)}</text>
<text x="16" y="26" font-family="Arial, Helvetica, sans-serif" font-size="12" font-weight="700" fill="#fff" fill-opacity="0.7">${escapeXml(vendor)}</text>
</svg>
`;
}

export function defaultIconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="game">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4b5563"/><stop offset="1" stop-color="#1f2937"/></linearGradient></defs>
<rect width="200" height="200" rx="28" fill="url(#g)"/>
<rect x="58" y="58" width="84" height="84" rx="16" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="8"/>
<g fill="#fff" fill-opacity="0.6"><circle cx="82" cy="82" r="8"/><circle cx="118" cy="118" r="8"/><circle cx="100" cy="100" r="8"/></g>
</svg>
`;
}

export function vendorLogoSvg(code: string, name: string): string {
  const h = hashString(code);
  const emblem = shapes[h % shapes.length];
  const label = name.length > 20 ? `${name.slice(0, 19)}…` : name;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${escapeXml(name)}">
<g transform="translate(8 12) scale(0.3)" fill="#fff">${emblem}</g>
<text x="72" y="40" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#fff">${escapeXml(label)}</text>
<text x="72" y="62" font-family="Arial, Helvetica, sans-serif" font-size="13" fill="#fff" fill-opacity="0.7">${escapeXml(code)}</text>
</svg>
`;
}

/** Answers an SVG with an ETag (304 on a matching If-None-Match) and a one-day public cache lifetime. */
export function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string): FastifyReply {
  const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"`;
  reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=86400')
    .header('etag', etag);
  const match = request.headers['if-none-match'];
  if (typeof match === 'string' && match.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return reply.status(304).send();
  }
  return reply.send(svg);
}

const idFile = /^([1-9][0-9]{0,9})\.svg$/;

/** The id of an `<id>.svg` file name; 404 when it is not one. */
export function parseIdFile(file: string): number {
  const match = idFile.exec(file);
  const id = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw AppError.notFound('No such image.');
  return id;
}

/** Game icon and vendor logo routes (no Merchant header: an <img> does not send one). */
export function registerImageRoutes(app: FastifyInstance): void {
  const config = { merchant: false };
  app.get<{ Params: { file: string } }>(`${gameIconPrefix}/:file`, { config }, async (request, reply) => {
    const { file } = request.params;
    if (`${gameIconPrefix}/${file}` === defaultGameIconUrl) return sendSvg(request, reply, defaultIconSvg());
    const game = await findGameForIcon(app.db, parseIdFile(file));
    if (!game) throw AppError.notFound('No such game icon.');
    return sendSvg(request, reply, gameIconSvg(game.id, game.gameName, game.vassalage));
  });
  app.get<{ Params: { file: string } }>(`${vendorLogoPrefix}/:file`, { config }, async (request, reply) => {
    const match = /^([A-Za-z0-9_]{1,32})-WHITE\.svg$/.exec(request.params.file);
    if (match?.[1] === sharedLogoCode) return sendSvg(request, reply, vendorLogoSvg(sharedLogoCode, sharedLogoCode));
    // A vendor whose logo is the shared one has no file of its own.
    const vendor = match && logoCodeOf(match[1]!) === match[1] ? await findVendor(app.db, match[1]!) : null;
    if (!vendor) throw AppError.notFound('No such vendor logo.');
    return sendSvg(request, reply, vendorLogoSvg(vendor.code, vendor.name));
  });
}
