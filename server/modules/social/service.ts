/**
 * Social login (contract/social.ts, docs/social-login.md). A start keeps the
 * flow (state hashed, nonce, PKCE verifier, device id, remember-me, and the
 * member when it links) and answers the provider's address; the browser
 * carries the state in an HttpOnly cookie too, so a callback is only taken in
 * the browser that started it. The callback exchanges the code, finds the
 * member linked to the provider account or creates one (or links the
 * account to the member who started a link), and leaves a one-time ticket
 * (hashed, 60 s) for the page, which exchanges it from the same device for a
 * session. Tokens never travel in a URL; a ticket works once.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { errorCodes } from '../../../contract/error-codes.ts';
import type { LoginResult } from '../../../contract/session.ts';
import {
  type SocialLink,
  type SocialProvider,
  type SocialReturnError,
  socialFlowTtlMs,
  socialProviders,
  socialReturnPath,
  socialSwitchOf,
  socialTicketTtlMs,
} from '../../../contract/social.ts';
import type { Database } from '../../db/connect.ts';
import { type MemberRow, type MerchantRow, members } from '../../db/schema.ts';
import { socialFlows, socialLinks } from '../../db/schema-social.ts';
import { AppError } from '../../http/app-error.ts';
import type { LoginRequest, LoginService } from '../login/login-service.ts';
import { findMemberById, uniqueViolation } from '../member/queries.ts';
import type { Clock } from '../session/config.ts';
import { completeSwitches } from '../system/service.ts';
import type { SocialProviderClient } from './oidc-client.ts';

export interface SocialService {
  /** The providers offered on the login screen: switch on and provider ready. */
  offered(merchant: MerchantRow): Promise<SocialProvider[]>;
  /**
   * Starts a sign-in (or a link, with `linkMember`); answers the provider's address and the state for the flow cookie.
   * `redirectUri` is null when the site's address is not one registered with the providers.
   */
  start(
    request: LoginRequest,
    start: { provider: SocialProvider; remember: boolean; redirectUri: string | null; linkMember?: MemberRow },
  ): Promise<{ authorizationUrl: string; state: string }>;
  /** The provider's return: where the browser goes next (the site's social page with a ticket, `linked` or an error). */
  callback(provider: SocialProvider, query: URLSearchParams, cookieState: string | null, clientIp: string): Promise<string>;
  /** The page's ticket for a session, from the device that started the flow. */
  exchange(request: LoginRequest, ticket: string): Promise<LoginResult>;
  links(memberId: number): Promise<SocialLink[]>;
}

export interface SocialServiceDeps {
  db: Database;
  now: Clock;
  login: LoginService;
  providers: Partial<Record<SocialProvider, SocialProviderClient>>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

const back = (query: Record<string, string>) => `${socialReturnPath}?${new URLSearchParams(query).toString()}`;
const failure = (error: SocialReturnError) => back({ error });

/** A username for a new member from the provider account: letters and digits of the e-mail's name (or the name), and 4 digits. */
export function socialUsername(identity: { email: string | null; name: string | null }, provider: SocialProvider): string {
  const base = (identity.email?.split('@')[0] ?? identity.name ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  const stem = (/^[a-z]/.test(base) ? base : `${provider}${base}`).slice(0, 11);
  return `${stem}_${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export function createSocialService(deps: SocialServiceDeps): SocialService {
  const { db, now, login, providers } = deps;

  function clientOf(merchant: MerchantRow, provider: SocialProvider): SocialProviderClient {
    if (!completeSwitches(merchant.switches)[socialSwitchOf[provider]]) {
      throw new AppError(403, errorCodes.socialDisabled, 'This sign-in is not available.');
    }
    const found = providers[provider];
    if (!found) throw new AppError(503, errorCodes.socialUnavailable, 'This sign-in is not available right now, please try again later.');
    return found;
  }

  /** The member of a provider account: linked, or new (a member of type 0 with no password, registered by the provider). */
  async function memberFor(merchantCode: string, provider: SocialProvider, identity: { subject: string; email: string | null; name: string | null }, ip: string) {
    const [link] = await db
      .select({ memberId: socialLinks.memberId })
      .from(socialLinks)
      .where(and(eq(socialLinks.merchantCode, merchantCode), eq(socialLinks.provider, provider), eq(socialLinks.subject, identity.subject)));
    if (link) return findMemberById(db, link.memberId);
    const t = now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const [member] = await tx
            .insert(members)
            .values({
            merchantCode,
            username: socialUsername(identity, provider),
            email: identity.email,
            nickname: identity.name?.slice(0, 64) ?? null,
            passwordHash: null,
            type: 0,
            registerMethod: provider.toUpperCase(),
            registerIp: ip.slice(0, 64),
              createdAt: t,
              updatedAt: t,
            })
            .returning();
          if (!member) throw new Error('member not inserted');
          await tx.insert(socialLinks).values({ merchantCode, provider, subject: identity.subject, memberId: member.id, email: identity.email, createdAt: t });
          return member;
        });
      } catch (error) {
        const index = uniqueViolation(error);
        // Another sign-in of the same account won the race: it has its member now.
        if (index?.includes('social_links_subject')) return memberFor(merchantCode, provider, identity, ip);
        if (index?.includes('username') && attempt < 5) continue;
        throw error;
      }
    }
  }

  return {
    async offered(merchant) {
      const switches = completeSwitches(merchant.switches);
      const offered: SocialProvider[] = [];
      for (const provider of socialProviders) {
        const client = providers[provider];
        if (switches[socialSwitchOf[provider]] && client && (await client.ready())) offered.push(provider);
      }
      return offered;
    },

    async start(request, { provider, remember, redirectUri, linkMember }) {
      const client = clientOf(request.merchant.row, provider);
      if (!(await client.ready())) throw new AppError(503, errorCodes.socialUnavailable, 'This sign-in is not available right now, please try again later.');
      if (!redirectUri) throw new AppError(400, errorCodes.socialUnavailable, 'This sign-in is not available on this address.');
      const t = now();
      // Flows older than a day go with the next start (a started flow lives 10 minutes).
      await db.delete(socialFlows).where(lt(socialFlows.createdAt, new Date(t.getTime() - 86_400_000)));
      const state = random();
      const nonce = random();
      const codeVerifier = random();
      await db.insert(socialFlows).values({
        stateHash: sha256(state),
        merchantCode: request.merchant.row.code,
        provider,
        nonce,
        codeVerifier,
        redirectUri,
        linkMemberId: linkMember?.id ?? null,
        remember,
        deviceId: request.deviceId,
        createdAt: t,
      });
      return { authorizationUrl: await client.authorizationUrl({ redirectUri, state, nonce, codeVerifier }), state };
    },

    async callback(provider, query, cookieState, clientIp) {
      const state = query.get('state') ?? '';
      // Only the browser that started the flow: its cookie holds the same state.
      if (!state || state !== cookieState) return failure('expired');
      const [flow] = await db.select().from(socialFlows).where(eq(socialFlows.stateHash, sha256(state)));
      const t = now();
      if (!flow || flow.provider !== provider || flow.finishedAt || t.getTime() - flow.createdAt.getTime() > socialFlowTtlMs) return failure('expired');
      // The flow is spent whatever happens next: a state works once.
      const claimed = await db
        .update(socialFlows)
        .set({ finishedAt: t })
        .where(and(eq(socialFlows.stateHash, flow.stateHash), isNull(socialFlows.finishedAt)))
        .returning({ stateHash: socialFlows.stateHash });
      if (claimed.length === 0) return failure('expired');
      if (query.get('error')) return failure(query.get('error') === 'access_denied' ? 'cancelled' : 'failed');
      const client = providers[provider];
      if (!client) return failure('disabled');
      let identity: Awaited<ReturnType<SocialProviderClient['finish']>>;
      try {
        const callbackUrl = new URL(flow.redirectUri);
        callbackUrl.search = query.toString();
        identity = await client.finish({ callbackUrl, state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
      } catch {
        return failure('failed');
      }

      if (flow.linkMemberId !== null) {
        try {
          await db.insert(socialLinks).values({
            merchantCode: flow.merchantCode,
            provider,
            subject: identity.subject,
            memberId: flow.linkMemberId,
            email: identity.email,
            createdAt: t,
          });
        } catch (error) {
          if (!uniqueViolation(error)) throw error;
          const [existing] = await db
            .select({ memberId: socialLinks.memberId })
            .from(socialLinks)
            .where(and(eq(socialLinks.merchantCode, flow.merchantCode), eq(socialLinks.provider, provider), eq(socialLinks.subject, identity.subject)));
          if (existing?.memberId !== flow.linkMemberId) return failure('linkedElsewhere');
        }
        return back({ linked: provider });
      }

      const member = await memberFor(flow.merchantCode, provider, identity, clientIp);
      if (!member) return failure('failed');
      const ticket = random();
      await db.update(socialFlows).set({ memberId: member.id, ticketHash: sha256(ticket) }).where(eq(socialFlows.stateHash, flow.stateHash));
      return back({ ticket });
    },

    async exchange(request, ticket) {
      const t = now();
      const invalid = () => new AppError(400, errorCodes.socialTicketInvalid, 'This sign-in has expired, please start it again.');
      const [flow] = await db
        .update(socialFlows)
        .set({ exchangedAt: t })
        .where(and(eq(socialFlows.ticketHash, sha256(ticket)), eq(socialFlows.merchantCode, request.merchant.row.code), isNull(socialFlows.exchangedAt)))
        .returning();
      if (!flow || flow.memberId === null || !flow.finishedAt || t.getTime() - flow.finishedAt.getTime() > socialTicketTtlMs) throw invalid();
      if ((flow.deviceId ?? null) !== (request.deviceId ?? null)) throw invalid();
      const member = await findMemberById(db, flow.memberId);
      if (!member) throw invalid();
      return login.loginAs(request, member, flow.remember);
    },

    async links(memberId) {
      const rows = await db.select().from(socialLinks).where(eq(socialLinks.memberId, memberId));
      return rows
        .map((row) => ({ provider: row.provider as SocialProvider, email: row.email, linkedAt: row.createdAt.toISOString() }))
        .sort((a, b) => socialProviders.indexOf(a.provider) - socialProviders.indexOf(b.provider));
    },
  };
}
