import { type ComponentType, createContext, useContext } from 'react';

/**
 * What the shell shows of other features (the balance widget of money, the
 * logout confirm of identity, the chat launcher's toast). Features never
 * import each other: the root route (src/routes/shell-slots.ts) fills these
 * in, loaded on demand.
 */
export interface ShellSlots {
  BalanceWidget: ComponentType<{ atHome: boolean }>;
  LogoutDialog: ComponentType<{ onClose: () => void }>;
  ChatLauncher: ComponentType;
}

const none = () => null;

export const ShellSlotsContext = createContext<ShellSlots>({ BalanceWidget: none, LogoutDialog: none, ChatLauncher: none });

export const useShellSlots = () => useContext(ShellSlotsContext);
