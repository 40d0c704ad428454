/**
 * Game pages and their calls: GET /play/<token> (HTML), GET
 * /play/<token>/state, POST /play/<token>/round, GET /play/verify (HTML) and
 * /play/verify.json, and the page's script and stylesheet under
 * /play-static/. The token in the path is the launch token: the first GET of
 * the page (shortly after the launch) exchanges it for the page's session
 * secret, set as an HttpOnly, SameSite=Strict cookie scoped to the page's own
 * path; the page's calls and its reloads need that cookie, so the URL alone
 * (from history, logs or a referrer) opens nothing. When an Authorization
 * header is sent as well it must belong to the session's member. JSON answers
 * are the platform envelope; the HTML pages answer 200 and explain a problem
 * in the page (every 4xx of the server is an envelope).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { errorCodes } from '../../../contract/error-codes.ts';
import { playErrorCodes, roundActionBodySchema, roundBodySchema, verifyQuerySchema } from '../../../contract/play.ts';
import { AppError } from '../../http/app-error.ts';
import { cookieOf, maintenanceError, readPlatformHeaders } from '../../http/request-context.ts';
import { pageLanguage, renderGamePage, renderInvalidPage, renderVerifyPage } from './page.ts';
import { openGameSession } from '../games/game-sessions.ts';
import {
  defaultOpenRoundTimeoutMs,
  defaultRecoverAfterMs,
  finishOpenRounds,
  type GamePageKey,
  openSession,
  type PlayContext,
  playAction,
  playRound,
  playState,
  recoverOpenRounds,
} from './service.ts';
import { verifyRound } from './verify.ts';
import { type JobRunner, startScheduledJob } from '../../lib/scheduled-jobs.ts';

const staticFiles: Record<string, { type: string; body: Buffer }> = {
  'play.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('./static/play.js', import.meta.url)) },
  'play.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('./static/play.css', import.meta.url)) },
};

function parse<S extends z.ZodMiniType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw AppError.invalid(`Invalid request: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'bad input'}`);
  }
  return result.data as z.infer<S>;
}

const tokenOf = (request: FastifyRequest) => (request.params as { token?: string }).token ?? '';

/**
 * The cookie that holds a game page's session secret (scoped to
 * `/play/<token>`): `__Secure-mc_play` over HTTPS (the prefix makes browsers
 * insist on the Secure attribute), `mc_play` on a plain-HTTP local server.
 */
export const playCookieName = 'mc_play';
export const securePlayCookieName = `__Secure-${playCookieName}`;

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/** Over HTTPS only the prefixed (Secure) cookie counts. */
const pageKeyOf = (request: FastifyRequest): GamePageKey => ({
  token: tokenOf(request),
  secret: cookieOf(request, isHttps(request) ? securePlayCookieName : playCookieName),
});

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

export interface PlayRoutesOptions {
  now?: () => Date;
  /** Pending real-money rounds older than this are rolled back by the recovery sweep (default 30 s). */
  recoverAfterMs?: number;
  /** How often the recovery sweep runs (default 15 s); 0 turns it off, also at start. */
  recoverEveryMs?: number;
  /** Stepped rounds (HiLo, Video Poker, Blackjack) untouched this long are finished by the sweep (default 10 min). */
  openRoundTimeoutMs?: number;
}

export function registerPlayRoutes(app: FastifyInstance, options: PlayRoutesOptions = {}): void {
  const ctx: PlayContext = { app, now: options.now ?? (() => new Date()) };

  // The recovery sweep of interrupted rounds: when the server is ready, then once per period across every process
  // sharing the database (server/lib/scheduled-jobs.ts).
  const everyMs = options.recoverEveryMs ?? 15_000;
  if (everyMs > 0) {
    let job: JobRunner | null = null;
    app.addHook('onReady', async () => {
      job = startScheduledJob(
        app.db,
        {
          name: 'play.recover-open-rounds',
          everyMs,
          leaseMs: Math.max(5_000, everyMs / 2),
          run: async () => {
            // Abandoned hands end first (each goes pending while paid), then the interrupted rounds are rolled back.
            const finished = await finishOpenRounds(app, { now: ctx.now, olderThanMs: options.openRoundTimeoutMs ?? defaultOpenRoundTimeoutMs });
            const recovered = await recoverOpenRounds(app, { now: ctx.now, olderThanMs: options.recoverAfterMs ?? defaultRecoverAfterMs });
            return { ...recovered, finished: finished.finished, finishFailed: finished.failed };
          },
        },
        {
          onRun: (run) => app.log.info(run, 'scheduled job runs'),
          onError: (error) => app.log.error({ err: error }, 'recovery sweep of open rounds failed'),
        },
      );
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }

  /** A platform session sent along must be the game session's member; nothing is played while the merchant is under maintenance. */
  async function checkMember(request: FastifyRequest, memberId: number, merchantCode: string): Promise<void> {
    if ((await app.merchants.get(merchantCode))?.row.maintenance) throw maintenanceError();
    const { token } = readPlatformHeaders(request);
    if (!token) return;
    const auth = await app.identity.sessions.authenticate(merchantCode, token).catch(() => null);
    if (!auth || auth.member.id !== memberId) {
      throw new AppError(403, errorCodes.forbidden, 'This game session belongs to another member.');
    }
  }

  app.get('/play-static/:file', (request, reply) => {
    const file = staticFiles[(request.params as { file: string }).file];
    if (!file) throw AppError.notFound();
    return reply.header('content-type', file.type).header('cache-control', 'no-cache').send(file.body);
  });

  app.get('/play/verify', (request, reply) => {
    const language = pageLanguage((request.query as Record<string, unknown>).lang, request.headers['accept-language']);
    const raw = Object.fromEntries(
      Object.entries((request.query ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    );
    if (!raw.serverSeed) return html(reply, 200, renderVerifyPage(language, raw, null, null));
    const parsed = verifyQuerySchema.safeParse(raw);
    if (!parsed.success) return html(reply, 200, renderVerifyPage(language, raw, null, parsed.error.issues[0]?.message ?? 'Invalid input'));
    try {
      return html(reply, 200, renderVerifyPage(language, raw, verifyRound(parsed.data), null));
    } catch (error) {
      if (error instanceof AppError) return html(reply, 200, renderVerifyPage(language, raw, null, error.message));
      throw error;
    }
  });

  app.get('/play/verify.json', async (request) => ({ success: true, value: verifyRound(parse(verifyQuerySchema, request.query ?? {})) }));

  app.get('/play/:token', async (request, reply) => {
    const language = pageLanguage((request.query as Record<string, unknown>).lang, request.headers['accept-language']);
    const token = tokenOf(request);
    try {
      let page = pageKeyOf(request);
      // A reload keeps its cookie; a first open (never a HEAD, which a link preview may send) exchanges the launch token.
      const current = page.secret ? await openSession(ctx, page).catch(() => null) : null;
      if (!current && request.method === 'GET') {
        const opened = await openGameSession(app.db, token, ctx.now());
        if (opened) {
          app.forgetMemberGameLists(opened.memberId);
          page = { token, secret: opened.secret };
          const maxAge = Math.max(1, Math.floor((opened.expiresAt.getTime() - ctx.now().getTime()) / 1000));
          const [name, secure] = isHttps(request) ? [securePlayCookieName, '; Secure'] : [playCookieName, ''];
          void reply.header('set-cookie', `${name}=${opened.secret}; Path=/play/${token}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`);
        }
      }
      const state = await playState(ctx, page);
      return html(reply, 200, renderGamePage(language, token, state));
    } catch (error) {
      if (error instanceof AppError && error.errorCode === playErrorCodes.sessionInvalid) return html(reply, 200, renderInvalidPage(language));
      throw error;
    }
  });

  app.get('/play/:token/state', async (request) => {
    const play = await openSession(ctx, pageKeyOf(request));
    await checkMember(request, play.session.memberId, play.session.merchantCode);
    return { success: true, value: await playState(ctx, pageKeyOf(request)) };
  });

  app.post('/play/:token/round/:roundId/action', async (request) => {
    const body = parse(roundActionBodySchema, request.body);
    const play = await openSession(ctx, pageKeyOf(request));
    await checkMember(request, play.session.memberId, play.session.merchantCode);
    const { roundId } = request.params as { roundId: string };
    return { success: true, value: await playAction(ctx, pageKeyOf(request), roundId, body) };
  });

  app.post('/play/:token/round', async (request) => {
    const body = parse(roundBodySchema, request.body);
    const play = await openSession(ctx, pageKeyOf(request));
    await checkMember(request, play.session.memberId, play.session.merchantCode);
    return { success: true, value: await playRound(ctx, pageKeyOf(request), body) };
  });
}
