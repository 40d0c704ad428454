/**
 * The social login endpoints (contract/social.ts) and the providers' return,
 * GET /wps/social/:provider/callback: a browser navigation with no platform
 * headers (the flow it belongs to knows the merchant), answered with a 303
 * to the site's /m/social page. The flow cookie is HttpOnly, SameSite=Lax
 * (the provider's return is a top-level GET from another site), scoped to
 * /wps/social and 10 minutes; over HTTPS it is `__Host-`-like: Secure.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../../../contract/error-codes.ts';
import {
  socialExchangeEndpoint,
  socialFlowTtlMs,
  socialLinksEndpoint,
  socialLinkStartEndpoint,
  type SocialProvider,
  socialProviderSchema,
  socialProvidersEndpoint,
  socialStartEndpoint,
} from '../../../contract/social.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { clientIpOf, cookieOf } from '../../http/request-context.ts';
import { loginRequestOf } from '../login/routes.ts';
import { requireAuth } from '../session/auth.ts';
import type { SocialService } from './service.ts';

const cookiePath = '/wps/social';
const cookieName = (request: FastifyRequest) => (request.protocol === 'https' ? '__Secure-mc_social' : 'mc_social');

export interface SocialRouteOptions {
  service: SocialService;
  /** The site origins the providers may send the browser back to (each registered with them), e.g. http://127.0.0.1:8080. */
  redirectOrigins: readonly string[];
}

export function registerSocialRoutes(app: FastifyInstance, { service, redirectOrigins }: SocialRouteOptions): void {
  /** The callback address on the origin the browser uses (so the flow cookie comes back), if the providers know it. */
  function redirectUriOf(request: FastifyRequest, provider: SocialProvider): string | null {
    const origin = `${request.protocol}://${request.host}`;
    return redirectOrigins.includes(origin) ? `${origin}${cookiePath}/${provider}/callback` : null;
  }

  function setFlowCookie(request: FastifyRequest, reply: { header(name: string, value: string): unknown }, state: string) {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${cookieName(request)}=${state}; Path=${cookiePath}; Max-Age=${socialFlowTtlMs / 1000}; HttpOnly; SameSite=Lax${secure}`);
  }

  registerEndpoint(app, socialProvidersEndpoint, async ({ ctx }) => ({ providers: await service.offered(ctx.merchant.row) }));

  registerEndpoint(app, socialStartEndpoint, async ({ ctx, request, reply, body }) => {
    const { authorizationUrl, state } = await service.start(loginRequestOf(ctx, request), {
      provider: body.provider,
      remember: body.remember === true,
      redirectUri: redirectUriOf(request, body.provider),
    });
    setFlowCookie(request, reply, state);
    return { authorizationUrl };
  });

  registerEndpoint(app, socialLinkStartEndpoint, async ({ ctx, request, reply, body }) => {
    const { member } = requireAuth(request);
    const { authorizationUrl, state } = await service.start(loginRequestOf(ctx, request), {
      provider: body.provider,
      remember: false,
      redirectUri: redirectUriOf(request, body.provider),
      linkMember: member,
    });
    setFlowCookie(request, reply, state);
    return { authorizationUrl };
  });

  registerEndpoint(app, socialLinksEndpoint, async ({ request }) => ({ links: await service.links(requireAuth(request).member.id) }));

  registerEndpoint(app, socialExchangeEndpoint, ({ ctx, request, body }) => service.exchange(loginRequestOf(ctx, request), body.ticket));

  app.get<{ Params: { provider: string } }>(`${cookiePath}/:provider/callback`, { config: { merchant: false } }, async (request, reply) => {
    const provider = socialProviderSchema.safeParse(request.params.provider);
    if (!provider.success) throw new AppError(404, errorCodes.notFound, 'Not found.');
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const location = await service.callback(provider.data, query, cookieOf(request, cookieName(request)), clientIpOf(request));
    // The flow is spent: its cookie goes.
    return reply
      .header('set-cookie', `${cookieName(request)}=; Path=${cookiePath}; Max-Age=0; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`)
      .header('cache-control', 'no-store')
      .redirect(location, 303);
  });
}
