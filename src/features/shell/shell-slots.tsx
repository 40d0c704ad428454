import { type ComponentType, createContext, useContext } from 'react';

/**
 * What the shell shows of other features (the balance widget of money, the
 * logout confirm of identity, the chat launcher's toast, the member menu). Features never
 * import each other: the root route (src/routes/shell-slots.ts) fills these
 * in, loaded on demand.
 */
export interface ShellSlots {
  BalanceWidget: ComponentType<{ atHome: boolean }>;
  LogoutDialog: ComponentType<{ onClose: () => void }>;
  ChatLauncher: ComponentType;
  /** The right-side member menu (its open state is the header's). */
  MemberMenu: ComponentType<{ open: boolean; onClose: () => void }>;
}

const none = () => null;

export const ShellSlotsContext = createContext<ShellSlots>({ BalanceWidget: none, LogoutDialog: none, ChatLauncher: none, MemberMenu: none });

export const useShellSlots = () => useContext(ShellSlotsContext);
