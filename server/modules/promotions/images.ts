/**
 * Promotion images and category icons, generated on request like the banner
 * images (content/banner-images.ts): a gradient from a hash of the id and
 * label, and the label. And the bytes of an application's image, for the
 * member who uploaded it only (`GET /wps/promotions/applications/:id/images/:sequence`,
 * with the session's Authorization header): strict content type, nosniff,
 * never cached by a shared cache.
 */
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '../../../contract/error-codes.ts';
import { AppError } from '../../http/app-error.ts';
import { requireContext } from '../../http/request-context.ts';
import { hashString } from '../../lib/string-hash.ts';
import { escapeXml, parseIdFile, sendSvg } from '../games/icons.ts';
import { findApplication, findApplicationImage, findCategoryById, findPromotionImage } from './queries.ts';

export const promotionImagePrefix = '/static/promotions';
export const categoryIconPrefix = '/static/promotion-categories';
export const applicationImagePath = '/wps/promotions/applications/:applicationId/images/:sequence';

export const promotionImageUrl = (imageId: number) => `${promotionImagePrefix}/${imageId}.svg`;
export const categoryIconUrl = (categoryId: number) => `${categoryIconPrefix}/${categoryId}.svg`;
export const applicationImageUrl = (applicationId: number, sequence: number) =>
  `/wps/promotions/applications/${applicationId}/images/${sequence}`;

export function promotionImageSvg(id: number, label: string): string {
  const hue = hashString(`promotion:${id}:${label}`) % 360;
  const text = label.length > 30 ? `${label.slice(0, 29)}…` : label;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 320" width="750" height="320" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 75% 42%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 70% 20%)"/></linearGradient></defs>
<rect width="750" height="320" fill="url(#p)"/>
<g fill="#fff" fill-opacity="0.1"><circle cx="660" cy="60" r="130"/><circle cx="90" cy="300" r="90"/></g>
<text x="48" y="172" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#fff">${escapeXml(text)}</text>
</svg>
`;
}

export function categoryIconSvg(id: number, label: string): string {
  const hue = hashString(`category:${id}:${label}`) % 360;
  const initial = [...label.trim()][0] ?? '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${escapeXml(label)}">
<circle cx="48" cy="48" r="46" fill="hsl(${hue} 70% 45%)"/>
<text x="48" y="62" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="40" font-weight="700" fill="#fff">${escapeXml(initial)}</text>
</svg>
`;
}

const idParam = /^[1-9][0-9]{0,14}$/;

/** The image routes (the generated ones need no Merchant header: an <img> does not send one). */
export function registerPromotionImageRoutes(app: FastifyInstance): void {
  const config = { merchant: false };
  app.get<{ Params: { file: string } }>(`${promotionImagePrefix}/:file`, { config }, async (request, reply) => {
    const image = await findPromotionImage(app.db, parseIdFile(request.params.file));
    if (!image) throw AppError.notFound('No such promotion image.');
    return sendSvg(request, reply, promotionImageSvg(image.id, image.label));
  });
  app.get<{ Params: { file: string } }>(`${categoryIconPrefix}/:file`, { config }, async (request, reply) => {
    const category = await findCategoryById(app.db, parseIdFile(request.params.file));
    if (!category) throw AppError.notFound('No such promotion category.');
    return sendSvg(request, reply, categoryIconSvg(category.id, category.titles.EN ?? Object.values(category.titles)[0] ?? ''));
  });
  app.get<{ Params: { applicationId: string; sequence: string } }>(applicationImagePath, async (request, reply) => {
    const ctx = requireContext(request);
    const auth = await app.identity.sessions.authenticate(ctx.merchant.row.code, ctx.token);
    const { applicationId, sequence } = request.params;
    const notFound = () => new AppError(404, errorCodes.applicationNotFound, 'No such application image.');
    if (!idParam.test(applicationId) || !/^[1-9]$/.test(sequence)) throw notFound();
    const application = await findApplication(app.db, ctx.merchant.row.code, Number(applicationId));
    // Another member's application answers exactly as a missing one.
    if (!application || application.memberId !== auth.member.id) throw notFound();
    const image = await findApplicationImage(app.db, application.id, Number(sequence));
    if (!image) throw notFound();
    return reply
      .header('content-type', image.contentType)
      .header('content-length', image.byteSize)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .send(image.data);
  });
}
