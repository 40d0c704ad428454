/**
 * The home's agent contract prompts (spec sections 4 and 8): "daily salary
 * agreement required", "dividend agreement required", "hourly salary
 * agreement required", each with cancel and go. The prompts' actor
 * (machines/contract-prompt.machine.ts) is a long-lived child of the app
 * actor, system id `contractPrompt`, started here once per session: coming
 * back to the home shows a prompt still waiting, and never asks the server
 * again. Loaded after the home has shown, only for a signed-in member the
 * contract check does not skip (src/routes/balance-slot.tsx).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { contractPromptMachine } from '../../../machines/contract-prompt.machine.ts';
import type { SessionInfo } from '../../../machines/session.ts';
import { AppActorContext } from '../../app/app-actor.tsx';
import { contractPromptId, provideContractPromptMachine } from '../../app/contract-prompt-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';

type ContractPromptActor = ActorRefFrom<typeof contractPromptMachine>;

export default function ContractPrompt({ session }: { session: SessionInfo }) {
  useCatalogPart('identity');
  const t = useT();
  const app = AppActorContext.useActorRef();
  const prompt = AppActorContext.useSelector((s) => s.children[contractPromptId]) as ContractPromptActor | undefined;
  const ranFor = useSelector(prompt, (s) => s?.context.session);
  const running = useSelector(prompt, (s) => s?.status === 'active');
  useEffect(() => {
    // Once per session: a run for this session (asking still, or done) is kept; another session's goes.
    if (ranFor === session.token) return;
    if (running) app.send({ type: 'actor.stop', systemId: contractPromptId });
    app.send({ type: 'actor.spawn', systemId: contractPromptId, logic: provideContractPromptMachine(), input: { memberType: session.type, session: session.token } });
  }, [app, ranFor, running, session.token, session.type]);
  const kind = useSelector(prompt, (s) => (s?.matches('asking') && s.context.session === session.token ? s.context.kinds[0] : undefined));
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
