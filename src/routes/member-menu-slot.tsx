/** The member menu with the logout confirm of identity (features do not import each other; the shell's slot joins them here). */
import { lazy } from 'react';
import MemberMenu from '../features/member/member-menu.tsx';
const LogoutDialog = lazy(() => import('../features/identity/logout-dialog.tsx'));

export default function MemberMenuSlot({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <MemberMenu open={open} onClose={onClose} LogoutDialog={LogoutDialog} />;
}
