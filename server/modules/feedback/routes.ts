/**
 * The feedback endpoints (contract/feedback.ts): member-only like the other
 * `/wps/member/...` calls (a guest is answered 401 `user.or.token.invalid`;
 * a trial account 403 `free_reject`, as it has no real account to answer);
 * the submit route's body limit is raised to three images, and its images'
 * and type's own codes are found before the schema (precheckFeedback).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../../../contract/error-codes.ts';
import { feedbackDetailEndpoint, feedbackListEndpoint, feedbackSubmitEndpoint } from '../../../contract/feedback.ts';
import { trialTypes } from '../../../contract/session.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { requireAuth } from '../session/auth.ts';
import { feedbackDetail, type FeedbackMember, feedbackPage, precheckFeedback, submitBodyLimit, submitFeedback } from './service.ts';

function memberOf(request: FastifyRequest): FeedbackMember {
  const { member } = requireAuth(request);
  if ((trialTypes as readonly number[]).includes(member.type)) {
    throw new AppError(403, errorCodes.freeReject, 'Please log in to a real account to use this function');
  }
  return { merchantCode: member.merchantCode, memberId: member.id };
}

export function registerFeedbackRoutes(app: FastifyInstance, options: { now: () => Date }): void {
  registerEndpoint(app, feedbackListEndpoint, ({ request, query }) => feedbackPage(app.db, memberOf(request), query.pageNo, query.pageSize));
  registerEndpoint(app, feedbackDetailEndpoint, ({ request, query }) => feedbackDetail(app.db, memberOf(request), query.id));
  registerEndpoint(app, feedbackSubmitEndpoint, ({ request, body }) => submitFeedback(app.db, memberOf(request), body, options.now()), {
    bodyLimit: submitBodyLimit,
    precheckBody: precheckFeedback,
  });
}
