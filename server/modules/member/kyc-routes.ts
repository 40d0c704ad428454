/**
 * The KYC center's endpoints (contract/kyc.ts, kyc.ts): GET and POST
 * /wps/member/kyc, for the session's own member only. Registered by
 * server/modules/identity.ts beside the other member routes, on the identity
 * modules' clock (tests move it). The body takes two images of up to 5 MB as
 * data URLs: its limit is the icon upload's for two images, so two maximal
 * images pass and a larger body is 413 request.too.large; an image longer
 * than the contract allows is upload.too.large, not request.invalid.
 */
import type { FastifyInstance } from 'fastify';
import { kycStateEndpoint, kycSubmitEndpoint } from '../../../contract/kyc.ts';
import type { Database } from '../../db/connect.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { Clock } from '../session/config.ts';
import { requireAuth } from '../session/auth.ts';
import { imageBodyLimit, precheckImageFields } from './account.ts';
import { kycImageLabels, kycState, submitKyc } from './kyc.ts';

/** The submission's body limit: two maximal images (account.ts). */
export const kycBodyLimit = imageBodyLimit(2);

export function registerKycRoutes(app: FastifyInstance, deps: { db: Database; now: Clock }): void {
  const { db, now } = deps;

  registerEndpoint(app, kycStateEndpoint, ({ ctx, request }) => kycState(db, requireAuth(request).member, ctx.merchant.row));

  // The body is JSON or form-encoded (identity.ts installs the form parser), as the icon upload's.
  registerEndpoint(app, kycSubmitEndpoint, ({ body, ctx, request }) => submitKyc(db, requireAuth(request).member, ctx.merchant.row, body, now()), {
    bodyLimit: kycBodyLimit,
    precheckBody: precheckImageFields(kycImageLabels),
  });
}
