/**
 * The home's agent contract prompts (spec sections 4 and 8): "daily salary
 * agreement required", "dividend agreement required", "hourly salary
 * agreement required", each with cancel and go. The prompts' actor
 * (machines/contract-prompt.machine.ts) is a long-lived child of the app
 * actor, system id `contractPrompt`, started once per session
 * (`useContractPrompt`, src/app/contract-prompt-actors.ts): coming
 * back to the home shows a prompt still waiting, and never asks the server
 * again. Loaded after the home has shown, only for a signed-in member the
 * contract check does not skip (src/routes/balance-slot.tsx).
 */
import type { SessionInfo } from '../../../machines/session.ts';
import { useContractPrompt } from '../../app/contract-prompt-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';

export default function ContractPrompt({ session }: { session: SessionInfo }) {
  useCatalogPart('identity');
  const t = useT();
  const { kind, prompt } = useContractPrompt(session);
  return (
    <ConfirmDialog
      open={kind !== undefined}
      title={t('agent.contract.prompt.title')}
      message={kind ? t(`agent.contract.prompt.${kind}`) : ''}
      cancelLabel={t('dialog.cancel')}
      submitLabel={t('agent.contract.prompt.go')}
      onCancel={() => prompt?.send({ type: 'prompt.cancel' })}
      onSubmit={() => prompt?.send({ type: 'prompt.go' })}
    />
  );
}
