/**
 * The identity machines (machines/login, registration, password-reset,
 * change-password, trial, logout, sms-countdown) with their real side
 * effects: the API client, encrypted calls (src/api/crypto.ts), remember-me
 * storage and the app machine (`session.login` / `session.logout`).
 *
 * Imported only by identity routes and views (never by src/main.tsx or the
 * shell), so this code and the schemas it pulls in stay in route chunks.
 */
import { fromPromise } from 'xstate';
import { changePasswordMachine } from '../../machines/change-password.machine.ts';
import type { Captcha } from '../../machines/identity-types.ts';
import { type LoginRequest, loginMachine, type RememberedLogin } from '../../machines/login.machine.ts';
import { logoutMachine } from '../../machines/logout.machine.ts';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import type { RegistrationRules } from '../../machines/registration-rules.ts';
import { registrationMachine } from '../../machines/registration.machine.ts';
import type { SessionInfo } from '../../machines/session.ts';
import { type SmsCodeRequest, type SmsCodeResult, smsCountdownMachine } from '../../machines/sms-countdown.machine.ts';
import { type SocialIntent, type SocialOffer, type SocialStartRequest, socialLoginMachine } from '../../machines/social-login.machine.ts';
import { socialReturnMachine } from '../../machines/social-return.machine.ts';
import { trialMachine } from '../../machines/trial.machine.ts';
import type { ApiCall } from '../api/client.ts';
import { createSealer, type Sealer } from '../../contract/sealed.ts';
import {
  affiliateCheckEndpoint,
  changePasswordEndpoint,
  forgotPasswordEmailEndpoint,
  registerEndpoint,
  registerMobileEndpoint,
  registrationRulesEndpoint,
  setPasswordByPhoneEndpoint,
} from '../../contract/member.ts';
import { type LoginPayload, type LoginResult, loginEndpoint, logoutEndpoint, trialLoginEndpoint } from '../../contract/session.ts';
import { type Announcement, announcementsEndpoint, type Banner, type DownloadLink } from '../../contract/content.ts';
import {
  socialExchangeEndpoint,
  socialLinksEndpoint,
  socialLinkStartEndpoint,
  socialProvidersEndpoint,
  socialStartEndpoint,
} from '../../contract/social.ts';
import type { Switches } from '../../contract/system.ts';
import { captchaEndpoint, smsNoLoginEndpoint, smsRegisterEndpoint } from '../../contract/verification.ts';
import { apiCall, merchantCode } from './api.ts';
import { type SystemArgs, sendToApp } from './app-events.ts';
import { goTo } from './navigation.ts';
import { downloadLinksCall, loginBannersCall, whitelabelCall } from '../../contract/login-calls.ts';
import { defaultDialingCode, toRegisterPayload, toScreenRules } from './registration-payload.ts';
import { readRemembered, writeRemembered } from './remembered-login.ts';
import { dropDeviceToken } from './storage.ts';

/** What the identity actors need: the API client and its sealer. They tell the app machine through the actor system. */
export interface IdentityDeps {
  call: ApiCall;
  sealer: Sealer;
}

/** The app's API client and one sealer (the public key is fetched once for the whole app). */
export const identityDeps: () => IdentityDeps = (() => {
  let deps: IdentityDeps | null = null;
  return () => (deps ??= { call: apiCall, sealer: createSealer(apiCall) });
})();

/** The white-label switches the identity screens read (SMS login tab, reset by phone). */
export interface IdentitySwitches {
  smsLogin: boolean;
  phoneReset: boolean;
}

export async function loadIdentitySwitches(call: ApiCall = apiCall): Promise<IdentitySwitches> {
  try {
    const { switches } = await call(whitelabelCall.endpoint);
    const on = (key: keyof Switches) => switches[key] === true;
    return { smsLogin: on('MOBILENUMPASSREG3'), phoneReset: on('CHNGPASSVERIF3') };
  } catch {
    // Without the switches the screens offer what every merchant has.
    return { smsLogin: false, phoneReset: false };
  }
}

/** What the login screen shows around the form: the m_login banners and an app download link. */
export interface LoginContent {
  banners: Banner[];
  download: DownloadLink | null;
}

/**
 * The app download for this device (spec section 2, footer download block):
 * on iOS the configuration profile, else the iOS app; elsewhere the Android app.
 */
export function appDownloadFor(links: readonly DownloadLink[], userAgent: string): DownloadLink | null {
  const ios = /iPhone|iPad|iPod/i.test(userAgent);
  const order: DownloadLink['resourceType'][] = ios ? ['MOBILECONFIG', 'IOS'] : ['Android'];
  for (const type of order) {
    const link = links.find((l) => l.resourceType === type && l.url);
    if (link) return link;
  }
  return null;
}

/** The login screen's banners (group m_login) and download link; without them the form shows alone. */
export async function loadLoginContent(call: ApiCall = apiCall): Promise<LoginContent> {
  const [banners, links] = await Promise.all([
    call(loginBannersCall.endpoint, { query: loginBannersCall.query }).then(
      (v) => v.list,
      () => [],
    ),
    call(downloadLinksCall.endpoint, { query: downloadLinksCall.query }).then(
      (v) => v.list,
      () => [],
    ),
  ]);
  return { banners, download: appDownloadFor(links, typeof navigator === 'undefined' ? '' : navigator.userAgent) };
}

/** What the login screen shows first: the switches of its tabs and the content around the form. */
export async function loadLoginScreen(): Promise<{ switches: IdentitySwitches; content: LoginContent }> {
  const [switches, content] = await Promise.all([loadIdentitySwitches(), loadLoginContent()]);
  return { switches, content };
}

/** The registration announcement (spec section 2: types B, group m_reg, platform M); none when it cannot be loaded. */
export async function loadRegistrationNotice(call: ApiCall = apiCall): Promise<Announcement[]> {
  try {
    const groups = await call(announcementsEndpoint, { query: { types: 'B', groupName: 'm_reg', platform: 'M' } });
    return groups.banners;
  } catch {
    return [];
  }
}

const toSession = (result: Pick<LoginResult, 'token' | 'userName' | 'type' | 'firstTimeLogin' | 'passwordExpired'>): SessionInfo => ({
  token: result.token,
  merchantCode,
  userName: result.userName,
  type: result.type,
  firstTimeLogin: result.firstTimeLogin,
  passwordExpired: result.passwordExpired === true,
});

/**
 * Session storage holds the session of this tab; remember-me survives through
 * the device token (MC_REMEMBER), so the session itself is never written to
 * local storage.
 */
const storeSession = (args: SystemArgs, params: { session: SessionInfo }) =>
  sendToApp(args, { type: 'session.login', session: params.session, remember: false });

function loadCaptcha(deps: IdentityDeps) {
  return fromPromise<Captcha>(async () => {
    const captcha = await deps.call(captchaEndpoint);
    return { id: captcha.captchaId, image: captcha.image };
  });
}

function smsCountdown(deps: IdentityDeps) {
  return smsCountdownMachine.provide({
    actors: {
      loadCaptcha: loadCaptcha(deps),
      requestSmsCode: fromPromise(async ({ input }: { input: SmsCodeRequest }): Promise<SmsCodeResult> => {
        const endpoint = input.purpose === 'register' ? smsRegisterEndpoint : smsNoLoginEndpoint;
        return deps.call(endpoint, {
          body: {
            mobileNum: input.mobile,
            countryDialingCode: input.countryDialingCode || defaultDialingCode,
            captchaId: input.captchaId,
            captcha: input.captcha,
          },
        });
      }),
    },
  });
}


async function sealedLogin(deps: IdentityDeps, payload: LoginPayload): Promise<LoginResult> {
  return deps.sealer.call(loginEndpoint, payload);
}

// ------------------------------------------------------------------ login

export function provideLoginMachine(deps: IdentityDeps) {
  return loginMachine.provide({
    actors: {
      loadRemembered: fromPromise(async (): Promise<RememberedLogin | null> => {
        const record = readRemembered();
        return record ? { method: record.method, account: record.account } : null;
      }),
      loadCaptcha: loadCaptcha(deps),
      submitLogin: fromPromise(async ({ input }: { input: LoginRequest }) => {
        const result = await sealedLogin(deps, {
          type: input.method,
          username: input.account,
          password: input.secret,
          remember: input.remember,
          ...(input.method === 'sms' ? { countryDialingCode: input.countryDialingCode || defaultDialingCode } : {}),
          ...(input.captchaId ? { captchaId: input.captchaId, captcha: input.captcha } : {}),
        });
        if (input.remember) {
          writeRemembered({
            method: input.method,
            account: input.account,
            ...(result.deviceToken ? { deviceToken: result.deviceToken } : {}),
            ...(result.deviceTokenExpiresAt ? { deviceTokenExpiresAt: result.deviceTokenExpiresAt } : {}),
          });
        } else {
          writeRemembered(null);
        }
        return toSession(result);
      }),
      smsCountdown: smsCountdown(deps),
    },
    actions: { storeSession, goTo },
  });
}

// ------------------------------------------------------------------ registration

export function provideRegistrationMachine(deps: IdentityDeps) {
  return registrationMachine.provide({
    actors: {
      loadRules: fromPromise(async (): Promise<RegistrationRules> => toScreenRules(await deps.call(registrationRulesEndpoint))),
      checkAffiliate: fromPromise(async ({ input }: { input: { code: string } }) =>
        deps.call(affiliateCheckEndpoint, {
          query: { code: input.code, ...(typeof location === 'undefined' ? {} : { domain: location.host }) },
        }),
      ),
      loadCaptcha: loadCaptcha(deps),
      submitRegistration: fromPromise(async ({ input }) => {
        const endpoint = input.method === 'mobile' ? registerMobileEndpoint : registerEndpoint;
        return deps.sealer.call(endpoint, toRegisterPayload(input.values, input.captchaId));
      }),
      smsCountdown: smsCountdown(deps),
    },
    actions: { goTo },
  });
}

// ------------------------------------------------------------------ password reset

export function providePasswordResetMachine(deps: IdentityDeps) {
  return passwordResetMachine.provide({
    actors: {
      submitEmailReset: fromPromise(async ({ input }) => {
        await deps.call(forgotPasswordEmailEndpoint, { body: { username: input.username, email: input.email } });
      }),
      submitPhoneReset: fromPromise(async ({ input }) =>
        deps.sealer.call(setPasswordByPhoneEndpoint, {
          mobileNum: input.mobileNum,
          countryDialingCode: input.countryDialingCode || defaultDialingCode,
          verificationCode: input.verificationCode,
          newPassword: input.newPassword,
        }),
      ),
      loginAfterReset: fromPromise(async ({ input }) =>
        toSession(await sealedLogin(deps, { type: 'username', username: input.username, password: input.password })),
      ),
      smsCountdown: smsCountdown(deps),
    },
    actions: { storeSession, goTo },
  });
}

// ------------------------------------------------------------------ change password

export function provideChangePasswordMachine(deps: IdentityDeps) {
  return changePasswordMachine.provide({
    actors: {
      submitChangePassword: fromPromise(async ({ input }) => {
        await deps.call(changePasswordEndpoint, {
          body: {
            oldPassword: input.oldPassword ?? '',
            newPassword: input.newPassword,
            confirmNewPassword: input.confirmNewPassword,
          },
        });
      }),
    },
    actions: {
      // No password is cached; the server ended the device sessions, so remember-me starts over.
      // The stored session no longer asks for a new password (firstTimeLogin, passwordExpired).
      passwordChanged: (args) => {
        dropDeviceToken();
        sendToApp(args, { type: 'session.passwordChanged' });
      },
      goTo,
    },
  });
}

// ------------------------------------------------------------------ social login

export function provideSocialLoginMachine(deps: IdentityDeps) {
  return socialLoginMachine.provide({
    actors: {
      loadProviders: fromPromise(async ({ input }: { input: { intent: SocialIntent } }): Promise<SocialOffer> => {
        const { providers } = await deps.call(socialProvidersEndpoint);
        const links = input.intent === 'link' ? (await deps.call(socialLinksEndpoint)).links : [];
        return { providers, links };
      }),
      startSocial: fromPromise(async ({ input }: { input: SocialStartRequest }) => {
        const answer =
          input.intent === 'link'
            ? await deps.call(socialLinkStartEndpoint, { body: { provider: input.provider } })
            : await deps.call(socialStartEndpoint, { body: { provider: input.provider, remember: input.remember } });
        return answer.authorizationUrl;
      }),
    },
    actions: {
      // The provider's sign-in page is another site: the browser leaves this one.
      openProvider: (_, { url }) => window.location.assign(url),
    },
  });
}

export function provideSocialReturnMachine(deps: IdentityDeps) {
  return socialReturnMachine.provide({
    actors: {
      exchangeTicket: fromPromise(async ({ input }: { input: { ticket: string } }) => {
        const result = await deps.call(socialExchangeEndpoint, { body: input });
        // Remember-me, as a password login keeps it: the device token, with the username to prefill the form.
        if (result.deviceToken) {
          writeRemembered({
            method: 'username',
            account: result.userName,
            deviceToken: result.deviceToken,
            ...(result.deviceTokenExpiresAt ? { deviceTokenExpiresAt: result.deviceTokenExpiresAt } : {}),
          });
        }
        return toSession(result);
      }),
    },
    actions: { storeSession, goTo },
  });
}

// ------------------------------------------------------------------ trial and logout

export function provideTrialMachine(deps: IdentityDeps) {
  return trialMachine.provide({
    actors: {
      startTrial: fromPromise(async () => {
        const result = await deps.call(trialLoginEndpoint);
        return toSession({
          token: result.token,
          userName: result.userName,
          type: result.customerType,
          firstTimeLogin: false,
          passwordExpired: false,
        });
      }),
    },
    actions: { storeSession, goTo },
  });
}

export function provideLogoutMachine(deps: IdentityDeps) {
  return logoutMachine.provide({
    actors: {
      serverLogout: fromPromise(async () => {
        const deviceToken = readRemembered()?.deviceToken;
        await deps.call(logoutEndpoint, { body: deviceToken ? { deviceToken } : {} });
      }),
    },
    actions: {
      // The app machine clears the session (session storage: MC_SESSION_INFO, trialName) and the device token.
      clearLocalSession: (args) => sendToApp(args, { type: 'session.logout' }),
      goTo,
    },
  });
}

export { defaultDialingCode, maxLengthOf } from './registration-payload.ts';
