/**
 * Money as the money machines see it: amounts are integers of minor units
 * (the server computes, the client only formats). Pure types and helpers: no
 * storage, no HTTP.
 */
export { errorCodeOf } from './identity-types.ts';

export interface MoneyCurrency {
  code: string;
  symbol: string;
  /** Digits after the decimal point (2 for PHP: ₱12.34 is 1234). */
  minorUnits: number;
}

/** Message ids of the money machines' own refusals. */
export const moneyMessages = {
  freeReject: 'free_reject',
  amountRange: 'money.amount.range',
  amountAboveBalance: 'money.amount.balance',
  channelRequired: 'money.channel.required',
  cardRequired: 'money.card.required',
  cardFields: 'money.card.fields',
  passwordFormat: 'money.password.format',
  passwordMismatch: 'money.password.mismatch',
  dateRange: 'money.date.range',
} as const;

/** Whether `amount` (minor units) is a whole number within the inclusive limits. */
export const isWithin = (amount: number, min: number, max: number) => Number.isSafeInteger(amount) && amount >= min && amount <= max;

/**
 * Whether a new bank card's form is incomplete: a bank, the account name, and
 * an account number of 6 to 30 digits (spaces allowed), as the server checks.
 */
export const isBankCardIncomplete = (card: { bankName: string; accountName: string; accountNumber: string }) =>
  !card.bankName.trim() || !card.accountName.trim() || !/^\d{6,30}$/.test(card.accountNumber.replace(/\s/g, ''));

/** A withdrawal password: exactly 6 digits. */
export const isWithdrawalPassword = (value: string) => /^\d{6}$/.test(value);

/**
 * The placeholder key of a money request, made of its parameters so the machines stay
 * pure; the app provides `newIdempotencyKey` with `crypto.randomUUID()`.
 */
export const placeholderKey = (...parts: Array<string | number | null>) => `request-${parts.join('-')}`.slice(0, 64);
