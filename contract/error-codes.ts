/**
 * The error codes the platform itself produces (the server's catalogue grows
 * per module); every code is also a message id (`error.<code>`, checked by
 * src/i18n/catalogs.test.ts). Its own module so the first load of the site,
 * which shows none of them by name, does not carry the list.
 */
import { clientErrorCodes } from './client-error-codes.ts';
import { keyUnknownErrorCode } from './sealed.ts';
import { maintenanceErrorCode } from './system.ts';

/** Error codes produced by the platform itself (the server's catalogue grows per module). */
export const errorCodes = {
  notFound: 'request.not.found',
  invalidRequest: 'request.invalid',
  merchantMissing: 'merchant.missing',
  merchantUnknown: 'merchant.unknown',
  rateLimited: 'request.rate.limited',
  unsupportedMediaType: 'request.media.unsupported',
  payloadTooLarge: 'request.too.large',
  forbidden: 'request.forbidden',
  unauthorized: 'user.or.token.invalid',
  internal: 'system.error',
  maintenance: maintenanceErrorCode,
  // session (contract/session.ts)
  sessionReplaced: 'login.not.session',
  sessionExpired: 'login.session.expired',
  loginFailed: 'login.failed',
  loginMethodDisabled: 'login.method.disabled',
  loginThrottled: 'login.throttled',
  userDisabled: 'user.disabled',
  deviceTokenInvalid: 'session.device.invalid',
  trialForbidden: 'trial.forbidden',
  trialLimit: 'trial.limit',
  // encrypted bodies (src/api/crypto.ts)
  encryptionRequired: 'crypto.required',
  encryptionInvalid: 'crypto.invalid',
  encryptionKeyUnknown: keyUnknownErrorCode,
  // captcha and verification codes (contract/verification.ts)
  captchaRequired: 'captcha.required',
  captchaInvalid: 'captcha.invalid',
  codeInvalid: 'verification.code.invalid',
  codeAttempts: 'verification.code.attempts',
  codeCooldown: 'verification.resend.cooldown',
  codeSendLimit: 'verification.send.limit',
  smsClientLimit: 'verification.client.limit',
  smsDeviceLimit: 'verification.device.limit',
  smsDailyLimit: 'verification.daily.limit',
  // member (contract/member.ts)
  usernameExists: 'member.username.exists',
  mobileExists: 'member.mobile.exists',
  memberNotFound: 'member.not.found',
  registerMethodDisabled: 'register.method.disabled',
  usernameInvalid: 'register.username.invalid',
  emailInvalid: 'register.email.invalid',
  nameInvalid: 'register.name.invalid',
  fieldInvalid: 'register.field.invalid',
  fieldRequired: 'register.field.required',
  referrerInvalid: 'register.referrer.invalid',
  birthdayInvalid: 'register.birthday.invalid',
  birthdayUnderage: 'register.birthday.underage',
  mobileInvalid: 'mobile.invalid',
  passwordInvalid: 'password.invalid',
  passwordMismatch: 'password.confirm.mismatch',
  affiliateInvalid: 'affiliate.code.invalid',
  oldPasswordIncorrect: 'modify.old.password.incorrect',
  newPasswordSame: 'modify.new.old.same',
  // games (contract/games.ts)
  gameNotFound: 'game.not.found',
  gameNotLaunchable: 'game.launch.unavailable',
  freePlayUnavailable: 'game.freeplay.unavailable',
  lotteryModeInvalid: 'game.lottery.mode.invalid',
  // money (contract/wallet.ts)
  freeReject: 'free_reject',
  idempotencyConflict: 'request.idempotency.conflict',
  balanceInsufficient: 'wallet.balance.insufficient',
  amountOutOfRange: 'wallet.amount.range',
  depositChannelUnknown: 'deposit.channel.unknown',
  depositPromotionUnavailable: 'deposit.promotion.unavailable',
  depositNotFound: 'deposit.not.found',
  gatewaySignatureInvalid: 'deposit.gateway.signature',
  gatewayAmountMismatch: 'deposit.gateway.amount',
  bankCardInvalid: 'bankcard.number.invalid',
  bankCardExists: 'bankcard.exists',
  bankCardLimit: 'bankcard.limit',
  bankCardNotFound: 'bankcard.not.found',
  withdrawalPasswordRequired: 'withdraw.password.required',
  withdrawalPasswordInvalid: 'withdraw.password.invalid',
  withdrawalPasswordIncorrect: 'withdraw.password.incorrect',
  withdrawalPasswordLocked: 'withdraw.password.locked',
  withdrawalNotFound: 'withdraw.not.found',
  withdrawalDecided: 'withdraw.decided',
  // promotions (contract/promotions.ts)
  promotionNotFound: 'promotion.not.found',
  promotionNotOpen: 'promotion.not.open',
  promotionModeInvalid: 'promotion.mode.invalid',
  promotionAlreadyApplied: 'promotion.already.applied',
  applicationNotFound: 'promotion.application.not.found',
  applicationNotClaimable: 'promotion.application.not.claimable',
  uploadTypeInvalid: 'upload.type.invalid',
  uploadTooLarge: 'upload.too.large',
  uploadTooMany: 'upload.too.many',
  // inbox (contract/inbox.ts)
  inboxMessageNotFound: 'inbox.message.not.found',
  // announcements (contract/notices.ts)
  announcementNotFound: 'announcement.not.found',
  ...clientErrorCodes,
} as const;
