/**
 * What the member's security center (server/modules/member/security.ts) asks
 * of the money module: whether a withdrawal password is set, its reset with
 * the login password (the format and confirmation rules of setting one), the
 * count of live bank cards and the removal of one. The member module cannot
 * import this module (this one imports it), so server/modules/identity.ts
 * hands it these.
 */
import type { Database } from '../../db/connect.ts';
import type { SecurityWallet } from '../member/security.ts';
import { liveBankCardCount, removeBankCard } from './bank-cards.ts';
import { checkNewWithdrawalPassword, createWithdrawalPasswords } from './withdrawal-password.ts';

export function createSecurityWallet(db: Database, now: () => Date): SecurityWallet {
  const passwords = createWithdrawalPasswords(db, now);
  return {
    hasWithdrawalPassword: (member) => passwords.has(member),
    checkNewWithdrawalPassword,
    resetWithdrawalPassword: (member, input) => passwords.reset(member, input),
    bankCardCount: (memberId) => liveBankCardCount(db, memberId),
    removeBankCard: (memberId, cardId) => removeBankCard(db, memberId, cardId, now()),
  };
}
