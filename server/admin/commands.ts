/**
 * Every operator command, whichever area it belongs to: the system settings
 * (modules/system/admin-service.ts), withdrawals (modules/wallet/admin-commands.ts),
 * game rounds (bet-recovery.ts), members (modules/member/admin-commands.ts), announcements (modules/content/admin-commands.ts), the live chat's staff and customer service entries (modules/chat/admin-commands.ts), the inbox (modules/inbox/admin-commands.ts), promotions (modules/promotions/admin-commands.ts), the points mall (modules/loyalty/admin-commands.ts), the identity checks (modules/member/kyc-admin-commands.ts), the agency centre (modules/agent/admin-commands.ts), contracts and rebates (modules/agent/settlement-commands.ts), responsible gambling (modules/responsible-gaming/admin-commands.ts), members' feedback (modules/feedback/admin-commands.ts) and the local outbox (modules/verification/outbox.ts). The admin CLI runs them directly, or the
 * running server's local admin listener does.
 */
import * as z from 'zod/mini';
import type { Database } from '../db/connect.ts';
import {
  assertMerchantExists,
  executeSystemCommand,
  type MerchantSettingsView,
  systemCommandSchemas,
} from '../modules/system/admin-service.ts';
import {
  executeWithdrawalCommand,
  isWithdrawalCommand,
  withdrawalCommandSchemas,
  type WithdrawalsView,
} from '../modules/wallet/admin-commands.ts';
import {
  executeOutboxCommand,
  isOutboxCommand,
  outboxCommandSchemas,
  type OutboxView,
} from '../modules/verification/outbox.ts';
import { executeMemberCommand, isMemberCommand, memberCommandSchemas, type MembersView } from '../modules/member/admin-commands.ts';
import { executeInboxCommand, inboxCommandSchemas, type InboxView, isInboxCommand } from '../modules/inbox/admin-commands.ts';
import {
  executePromotionCommand,
  isPromotionCommand,
  promotionCommandSchemas,
  type PromotionsView,
} from '../modules/promotions/admin-commands.ts';
import {
  type AnnouncementsView,
  announcementCommandSchemas,
  executeAnnouncementCommand,
  isAnnouncementCommand,
} from '../modules/content/admin-commands.ts';
import { type ChatAdminView, chatCommandSchemas, executeChatCommand, isChatCommand } from '../modules/chat/admin-commands.ts';
import { executeMallCommand, isMallCommand, mallCommandSchemas, type MallView } from '../modules/loyalty/admin-commands.ts';
import { executeKycCommand, isKycCommand, type KycAdminView, kycCommandSchemas } from '../modules/member/kyc-admin-commands.ts';
import { type AgentAdminView, agentCommandSchemas, executeAgentCommand, isAgentCommand } from '../modules/agent/admin-commands.ts';
import {
  executeSettlementCommand,
  isSettlementCommand,
  settlementCommandSchemas,
  type SettlementView,
} from '../modules/agent/settlement-commands.ts';
import { executeRgCommand, isRgCommand, rgCommandSchemas, type RgView } from '../modules/responsible-gaming/admin-commands.ts';
import { executeLotteryCommand, isLotteryCommand, lotteryCommandSchemas, type LotteryView } from '../modules/lottery/admin-commands.ts';
import { executeFeedbackCommand, type FeedbackAdminView, feedbackCommandSchemas, isFeedbackCommand } from '../modules/feedback/admin-commands.ts';
import { betCommandSchemas, type BetRecoveryView, executeBetCommand, isBetCommand } from './bet-recovery.ts';

export const adminCommandSchema = z.discriminatedUnion('kind', [
  ...systemCommandSchemas,
  ...withdrawalCommandSchemas,
  ...betCommandSchemas,
  ...outboxCommandSchemas,
  ...memberCommandSchemas,
  ...inboxCommandSchemas,
  ...promotionCommandSchemas,
  ...announcementCommandSchemas,
  ...chatCommandSchemas,
  ...mallCommandSchemas,
  ...kycCommandSchemas,
  ...agentCommandSchemas,
  ...settlementCommandSchemas,
  ...rgCommandSchemas,
  ...lotteryCommandSchemas,
  ...feedbackCommandSchemas,
]);

export type AdminCommand = z.infer<typeof adminCommandSchema>;

/** What a command answers: the merchant's settings, withdrawals for the withdrawals commands, a report for bets recover. */
export type AdminResult =
  | MerchantSettingsView
  | WithdrawalsView
  | BetRecoveryView
  | OutboxView
  | MembersView
  | InboxView
  | PromotionsView
  | AnnouncementsView
  | ChatAdminView
  | MallView
  | KycAdminView
  | AgentAdminView
  | SettlementView
  | RgView
  | LotteryView
  | FeedbackAdminView;

export async function executeAdminCommand(db: Database, command: AdminCommand): Promise<AdminResult> {
  if (isWithdrawalCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeWithdrawalCommand(db, command);
  }
  if (isOutboxCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeOutboxCommand(db, command);
  }
  if (isMemberCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeMemberCommand(db, command);
  }
  if (isInboxCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeInboxCommand(db, command);
  }
  if (isPromotionCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executePromotionCommand(db, command);
  }
  if (isAnnouncementCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeAnnouncementCommand(db, command);
  }
  if (isChatCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeChatCommand(db, command);
  }
  if (isMallCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeMallCommand(db, command);
  }
  if (isKycCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeKycCommand(db, command);
  }
  if (isAgentCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeAgentCommand(db, command);
  }
  if (isSettlementCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeSettlementCommand(db, command);
  }
  if (isRgCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeRgCommand(db, command);
  }
  if (isLotteryCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeLotteryCommand(db, command);
  }
  if (isFeedbackCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeFeedbackCommand(db, command);
  }
  if (isBetCommand(command)) {
    await assertMerchantExists(db, command.merchant);
    return executeBetCommand(db, command);
  }
  return executeSystemCommand(db, command);
}
