/**
 * Banner images, generated on request like the game icons (games/icons.ts):
 * a gradient from a hash of the banner's id and title, and the title.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { hashString } from '../../lib/string-hash.ts';
import { escapeXml, parseIdFile, sendSvg } from '../games/icons.ts';
import { findBannerForImage } from './queries.ts';

export const bannerImagePrefix = '/static/banners';

export const bannerImageUrl = (bannerId: number) => `${bannerImagePrefix}/${bannerId}.svg`;

export function bannerSvg(id: number, title: string): string {
  const h = hashString(`banner:${id}:${title}`);
  const hue = h % 360;
  const label = title.length > 32 ? `${title.slice(0, 31)}…` : title;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 300" width="750" height="300" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 72% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 70) % 360} 70% 22%)"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#b)"/>
<g fill="#fff" fill-opacity="0.12"><circle cx="640" cy="70" r="120"/><circle cx="560" cy="270" r="80"/></g>
<text x="48" y="160" font-family="Arial, Helvetica, sans-serif" font-size="46" font-weight="700" fill="#fff">${escapeXml(label)}</text>
</svg>
`;
}

/** The banner image route (no Merchant header: an <img> does not send one). */
export function registerBannerImageRoute(app: FastifyInstance): void {
  const config = { merchant: false };
  app.get<{ Params: { file: string } }>(`${bannerImagePrefix}/:file`, { config }, async (request, reply) => {
    const banner = await findBannerForImage(app.db, parseIdFile(request.params.file));
    if (!banner) throw AppError.notFound('No such banner.');
    return sendSvg(request, reply, bannerSvg(banner.id, banner.title));
  });
}
