import type { FastifyInstance } from 'fastify';
import {
  affiliateCheckEndpoint,
  changePasswordEndpoint,
  emailEndpoint,
  forgotPasswordEmailEndpoint,
  memberIconEndpoint,
  memberInfoEndpoint,
  nicknameEndpoint,
  payeeNameEndpoint,
  registerEndpoint as registerByUsernameEndpoint,
  registerMobileEndpoint,
  registrationRulesEndpoint,
  setPasswordByPhoneEndpoint,
  uploadMemberIconEndpoint,
  usernameCheckEndpoint,
} from '../../../contract/member.ts';
import {
  customerSecurityQuestionsEndpoint,
  memberSessionsEndpoint,
  removeBankCardEndpoint,
  resetWithdrawalPasswordEndpoint,
  securityConfigEndpoint,
  securityQuestionsEndpoint,
  setSecurityQuestionsEndpoint,
  signOutElsewhereEndpoint,
} from '../../../contract/security.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import { type KeyStore, openEncryptedPayload } from '../crypto/key-store.ts';
import { requireAuth } from '../session/auth.ts';
import { accountFieldPrecheck, iconBodyLimit, precheckIcon } from './account.ts';
import { registerReferralRoutes } from './referral-routes.ts';
import { registrationRules } from './registration-rules.ts';
import type { SecurityService } from './security.ts';
import { precheckSecurityAnswers } from './security-questions.ts';
import type { MemberService } from './service.ts';

export function registerMemberRoutes(app: FastifyInstance, deps: { keys: KeyStore; members: MemberService; security: SecurityService }): void {
  const { keys, members, security } = deps;

  registerEndpoint(app, registrationRulesEndpoint, ({ ctx }) => registrationRules(ctx.merchant.row));

  registerEndpoint(app, registerByUsernameEndpoint, async ({ body, ctx, request }) => {
    const payload = await openEncryptedPayload(keys, request, registerByUsernameEndpoint, body);
    return members.register(ctx, 'username', payload);
  });

  registerEndpoint(app, registerMobileEndpoint, async ({ body, ctx, request }) => {
    const payload = await openEncryptedPayload(keys, request, registerMobileEndpoint, body);
    return members.register(ctx, 'mobile', payload);
  });

  registerEndpoint(app, usernameCheckEndpoint, ({ query, ctx }) => members.usernameCheck(ctx, query.username));

  registerEndpoint(app, affiliateCheckEndpoint, ({ query, ctx }) => members.affiliateCheck(ctx, query.code));

  registerEndpoint(app, memberInfoEndpoint, ({ ctx, request }) => members.info(requireAuth(request), ctx));

  registerEndpoint(app, changePasswordEndpoint, ({ body, ctx, request }) =>
    members.changePassword(requireAuth(request), ctx, body),
  );

  registerEndpoint(app, nicknameEndpoint, ({ body, ctx, request }) => members.setNickname(requireAuth(request), ctx, body), {
    precheckBody: accountFieldPrecheck('nickname', nicknameEndpoint.body),
  });

  registerEndpoint(app, emailEndpoint, ({ body, ctx, request }) => members.setEmail(requireAuth(request), ctx, body), {
    precheckBody: accountFieldPrecheck('email', emailEndpoint.body),
  });

  registerEndpoint(app, payeeNameEndpoint, ({ body, ctx, request }) => members.setPayeeName(requireAuth(request), ctx, body), {
    precheckBody: accountFieldPrecheck('payeeName', payeeNameEndpoint.body),
  });

  registerEndpoint(app, memberIconEndpoint, ({ request }) => members.icon(requireAuth(request)));

  // The body is JSON or form-encoded (identity.ts installs the form parser).
  registerEndpoint(app, uploadMemberIconEndpoint, ({ body, request }) => members.uploadIcon(requireAuth(request), body), {
    bodyLimit: iconBodyLimit,
    precheckBody: precheckIcon,
  });

  registerEndpoint(app, setPasswordByPhoneEndpoint, async ({ body, ctx, request }) => {
    const payload = await openEncryptedPayload(keys, request, setPasswordByPhoneEndpoint, body);
    return members.setPasswordByPhone(ctx, payload);
  });

  registerEndpoint(app, forgotPasswordEmailEndpoint, ({ body, ctx }) => members.forgotPasswordByEmail(ctx, body));

  // The security center (security.ts).
  registerEndpoint(app, securityConfigEndpoint, ({ request }) => security.config(requireAuth(request)));

  registerEndpoint(app, securityQuestionsEndpoint, () => security.questions());

  registerEndpoint(app, customerSecurityQuestionsEndpoint, ({ request }) => security.customerQuestions(requireAuth(request)));

  registerEndpoint(app, setSecurityQuestionsEndpoint, ({ body, ctx, request }) => security.setQuestions(requireAuth(request), ctx, body), {
    precheckBody: precheckSecurityAnswers,
  });

  registerEndpoint(app, resetWithdrawalPasswordEndpoint, ({ body, ctx, request }) =>
    security.resetWithdrawalPassword(requireAuth(request), ctx, body),
  );

  registerEndpoint(app, removeBankCardEndpoint, ({ query, request }) => security.removeBankCard(requireAuth(request), query.id));

  registerEndpoint(app, memberSessionsEndpoint, ({ ctx, request }) => security.memberSessions(requireAuth(request), ctx));

  registerEndpoint(app, signOutElsewhereEndpoint, ({ ctx, request }) => security.signOutElsewhere(requireAuth(request), ctx));

  // Invite friends (referral.ts).
  registerReferralRoutes(app);
}
