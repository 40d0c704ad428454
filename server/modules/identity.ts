/**
 * Wires the identity areas (session, crypto, verification, member, login, and
 * the inbox that tells members of attacks on their account)
 * into the app: services share one clock, one set of limits and one message
 * provider, the auth hook guards `auth: true` endpoints, and form-encoded
 * bodies are read (forgot password by e-mail is form-encoded, spec section 7).
 * The member's security center also reaches the withdrawal password and the
 * bank cards of the money module (wallet/security-center.ts), and the member
 * card's VIP label is the member's VIP level (loyalty/vip.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.ts';
import { createKeyStore, type KeyStore } from './crypto/key-store.ts';
import { registerInboxRoutes } from './inbox/routes.ts';
import { vipLabelOf } from './loyalty/vip.ts';
import { createInboxService, type InboxService } from './inbox/service.ts';
import { registerCryptoRoutes } from './crypto/routes.ts';
import { createLoginService, type LoginService } from './login/login-service.ts';
import { registerLoginRoutes } from './login/routes.ts';
import { mobileTaken } from './member/queries.ts';
import { registerKycRoutes } from './member/kyc-routes.ts';
import { registerMemberRoutes } from './member/routes.ts';
import { createSecurityService, type SecurityService } from './member/security.ts';
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
import { createSecurityWallet } from './wallet/security-center.ts';

export interface IdentityOptions {
  /** The clock of every identity rule (tests move it instead of sleeping). */
  now?: Clock;
  limits?: Partial<IdentityLimits>;
  /** Where SMS and e-mail go; the local outbox (database) by default. */
  provider?: MessageProvider;
  /**
   * The test switch (DEV_ENDPOINTS): serve GET /wps/dev/outbox (with the
   * outbox provider) and GET /wps/dev/captcha to loopback clients. Off by
   * default; never with NODE_ENV=production, whatever is passed.
   */
  devEndpoints?: boolean;
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
  security: SecurityService;
  provider: MessageProvider;
  inbox: InboxService;
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
  const production = process.env.NODE_ENV === 'production';
  const devEndpoints = !production && options.devEndpoints === true;
  const captchas = createCaptchaService(db, now, limits, options.captchaDigits, { revealAnswers: devEndpoints });
  const codes = createCodeService(db, provider, now, limits);
  const inbox = createInboxService(db, now);
  const login = createLoginService({ db, now, limits, sessions, failures, captchas, codes, inbox });
  const members = createMemberService({
    db,
    now,
    sessions,
    failures,
    captchas,
    codes,
    vipLabel: (member, merchant) => vipLabelOf(db, member, merchant),
  });
  const security = createSecurityService({ db, now, members, sessions, wallet: createSecurityWallet(db, now) });
  const verification = createVerificationService(codes, captchas, (merchantCode, dialingCode, number) =>
    mobileTaken(db, merchantCode, dialingCode, number),
  );
  const identity: Identity = { now, limits, keys, sessions, failures, captchas, codes, login, members, security, provider, inbox };
  app.decorate('identity', identity);

  if (!app.hasContentTypeParser(formType)) {
    app.addContentTypeParser(formType, { parseAs: 'string' }, (_request, body, done) => {
      // fromEntries defines own properties, so "__proto__" cannot reach a prototype.
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  installAuth(app, sessions);

  registerCryptoRoutes(app, keys);
  registerLoginRoutes(app, { keys, login });
  registerSessionRoutes(app, { sessions });
  registerMemberRoutes(app, { keys, members, security });
  registerKycRoutes(app, { db, now });
  registerInboxRoutes(app, inbox);
  registerVerificationRoutes(app, {
    captchas,
    verification,
    devEndpoints: { outbox: devEndpoints && provider.kind === 'outbox', captcha: devEndpoints },
  });
  return identity;
}
