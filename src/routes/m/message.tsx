import { createFileRoute } from '@tanstack/react-router';
import { footerEndpoint } from '../../../contract/content.ts';
import { apiCall } from '../../app/api.ts';
import { useRole } from '../../app/app-actor.tsx';
import { withCatalogPart } from '../../app/catalog-part.ts';
import type { RouterContext } from '../../app/router-context.ts';
import { type MessageCenterLinks, MessageCenterScreen } from '../../features/messaging/message-center-screen.tsx';

/** The merchant's Telegram and customer service links and the live chat switch (CBS3); none when they fail to load. */
async function loadLinks(context: RouterContext): Promise<MessageCenterLinks> {
  const [footer, settings] = await Promise.all([apiCall(footerEndpoint).catch(() => null), context.settings()]);
  const service = footer?.customerService ?? [];
  return {
    telegramUrl: footer?.downloadLinks.find((d) => d.resourceType === 'TELEGRAM')?.url ?? null,
    serviceUrl: service.find((c) => c.csType === 'LIVECHAT')?.path ?? service[0]?.path ?? null,
    chatUrl: service.find((c) => c.csType === 'LIVECHAT')?.path ?? null,
    chatEnabled: settings?.switches.CBS3 === true,
  };
}

export const Route = createFileRoute('/m/message')({
  loader: ({ context }) => withCatalogPart('messaging', () => loadLinks(context)),
  component: MessageScreen,
});

function MessageScreen() {
  const role = useRole();
  return <MessageCenterScreen key={role} role={role} links={Route.useLoaderData()} />;
}
