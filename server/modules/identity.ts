/**
 * Wires the identity areas (session, crypto, verification, member, login)
 * into the app: services share one clock, one set of limits and one message
 * provider, the auth hook guards `auth: true` endpoints, and form-encoded
 * bodies are read (forgot password by e-mail is form-encoded, spec section 7).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.ts';
import { createKeyStore, type KeyStore } from './crypto/key-store.ts';
import { registerCryptoRoutes } from './crypto/routes.ts';
import { createLoginService, type LoginService } from './login/login-service.ts';
import { registerLoginRoutes } from './login/routes.ts';
import { mobileTaken } from './member/queries.ts';
import { registerMemberRoutes } from './member/routes.ts';
import { createMemberService, type MemberService } from './member/service.ts';
import { installAuth } from './session/auth.ts';
import { type Clock, defaultIdentityLimits, type IdentityLimits, systemClock } from './session/config.ts';
import { createLoginFailures, type LoginFailures } from './session/login-failures.ts';
import { registerSessionRoutes } from './session/routes.ts';
import { createSessionService, type SessionService } from './session/session-service.ts';
import { type CaptchaService, createCaptchaService } from './verification/captcha-service.ts';
import { type CodeService, createCodeService } from './verification/code-service.ts';
import { createOutboxProvider, type MessageProvider } from './verification/provider.ts';
import { registerVerificationRoutes } from './verification/routes.ts';
import { createVerificationService } from './verification/service.ts';

export interface IdentityOptions {
  /** The clock of every identity rule (tests move it instead of sleeping). */
  now?: Clock;
  limits?: Partial<IdentityLimits>;
  /** Where SMS and e-mail go; the local outbox (database) by default. */
  provider?: MessageProvider;
  /**
   * Serve GET /wps/dev/outbox. Default: with the outbox provider and NODE_ENV
   * not production. Never in production, whatever is passed.
   */
  devOutbox?: boolean;
  /** Test seam: the digits of the next captcha (random 6 digits by default). */
  captchaDigits?: () => string;
}

export interface Identity {
  now: Clock;
  limits: IdentityLimits;
  keys: KeyStore;
  sessions: SessionService;
  failures: LoginFailures;
  captchas: CaptchaService;
  codes: CodeService;
  login: LoginService;
  members: MemberService;
  provider: MessageProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

const formType = 'application/x-www-form-urlencoded';

export function registerIdentity(app: FastifyInstance, db: Database, options: IdentityOptions = {}): Identity {
  const now = options.now ?? systemClock;
  const limits = { ...defaultIdentityLimits, ...options.limits };
  const provider = options.provider ?? createOutboxProvider(db, now);
  const keys = createKeyStore(db, now);
  const sessions = createSessionService(db, now, limits);
  const failures = createLoginFailures(db, now, limits);
  const captchas = createCaptchaService(db, now, limits, options.captchaDigits);
  const codes = createCodeService(db, provider, now, limits);
  const login = createLoginService({ db, now, limits, sessions, failures, captchas, codes });
  const members = createMemberService({ db, now, sessions, failures, captchas, codes });
  const verification = createVerificationService(db, codes, (merchantCode, dialingCode, number) =>
    mobileTaken(db, merchantCode, dialingCode, number),
  );
  const identity: Identity = { now, limits, keys, sessions, failures, captchas, codes, login, members, provider };
  app.decorate('identity', identity);

  if (!app.hasContentTypeParser(formType)) {
    app.addContentTypeParser(formType, { parseAs: 'string' }, (_request, body, done) => {
      // fromEntries defines own properties, so "__proto__" cannot reach a prototype.
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  installAuth(app, sessions);
  const production = process.env.NODE_ENV === 'production';
  const devOutbox = !production && (options.devOutbox ?? provider.kind === 'outbox');

  registerCryptoRoutes(app, keys);
  registerLoginRoutes(app, { keys, login });
  registerSessionRoutes(app, { sessions });
  registerMemberRoutes(app, { keys, members });
  registerVerificationRoutes(app, { captchas, verification, devOutbox });
  return identity;
}
