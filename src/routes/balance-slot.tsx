/**
 * The header's slot for a signed-in member (src/routes/shell-slots.ts,
 * loaded the first time the header shows a member): the balance widget and,
 * on the home, the agent contract prompts (spec section 4), whose code
 * (src/features/agent/contract-prompt.tsx: its machine, actors and dialog)
 * loads only then, and only for a member type the contract check does not
 * skip (machines/contract-check.ts). So nothing of the prompts is in the
 * home's first load, and they come after the home has shown.
 */
import { lazy, Suspense } from 'react';
import { checksContracts } from '../../machines/contract-check.ts';
import { useSession } from '../app/app-actor.tsx';
import BalanceWidget from '../features/money/balance-widget.tsx';

const ContractPrompt = lazy(() => import('../features/agent/contract-prompt.tsx'));

export default function BalanceSlot({ atHome }: { atHome: boolean }) {
  const session = useSession();
  return (
    <>
      <BalanceWidget atHome={atHome} />
      {atHome && session && checksContracts(session.type) ? (
        <Suspense fallback={null}>
          <ContractPrompt session={session} />
        </Suspense>
      ) : null}
    </>
  );
}
