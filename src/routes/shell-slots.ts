/**
 * The shell's slots (src/features/shell/shell-slots.tsx): the balance widget
 * (with the home's contract prompts) and the logout confirm, each loaded the first time the header shows it,
 * and the chat launcher's toast, loaded once the launcher runs, so the
 * shell's first load does not carry them.
 */
import { lazy } from 'react';
import type { ShellSlots } from '../features/shell/shell-slots.tsx';

/** The balance widget, with the home's contract prompts (balance-slot.tsx). */
export const loadBalanceWidget = () => import('./balance-slot.tsx');
export const loadLogoutDialog = () => import('../features/identity/logout-dialog.tsx');

export const shellSlots: ShellSlots = {
  BalanceWidget: lazy(loadBalanceWidget),
  LogoutDialog: lazy(loadLogoutDialog),
  ChatLauncher: lazy(() => import('../features/chat/chat-launcher.tsx')),
  MemberMenu: lazy(() => import('./member-menu-slot.tsx')),
};
