/**
 * `/wps/rg/*` (contract/responsible-gaming.ts): the member's own limits,
 * session settings, exclusion, reality check and activity statement. Every
 * call is the signed-in member's own (no member id is taken from the
 * request); trial accounts get 403 trial.forbidden.
 */
import type { FastifyInstance } from 'fastify';
import {
  excludeEndpoint,
  protectionEndpoint,
  realityEndpoint,
  setLimitEndpoint,
  setSessionSettingsEndpoint,
  statementEndpoint,
} from '../../../contract/responsible-gaming.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import { exclude, protectionOf, realityOf, setLimit, setSessionSettings, statementOf } from './service.ts';

export function registerResponsibleGamingRoutes(app: FastifyInstance, options: { now: () => Date }): void {
  const { db } = app;
  const { now } = options;
  const member = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).member;

  registerEndpoint(app, protectionEndpoint, ({ request }) => protectionOf(db, member(request), now()));
  registerEndpoint(app, setLimitEndpoint, ({ request, body }) => setLimit(db, member(request), body, now()));
  registerEndpoint(app, setSessionSettingsEndpoint, ({ request, body }) =>
    setSessionSettings(db, member(request), body, now(), (id) => app.identity.sessions.forgetMember(id)),
  );
  registerEndpoint(app, excludeEndpoint, ({ request, body }) => exclude(db, member(request), body, now()));
  registerEndpoint(app, realityEndpoint, ({ request }) => {
    const auth = requireAuth(request);
    return realityOf(db, auth.member, auth.session);
  });
  registerEndpoint(app, statementEndpoint, ({ request }) => statementOf(db, member(request), now()));
}
