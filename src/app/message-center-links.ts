/**
 * What the message center needs of the merchant (its route's loader, loaded
 * with the route, not in the home's first load): the Telegram and customer
 * service links and the live chat switch (CBS3); none when they fail to load.
 */
import { footerEndpoint } from '../../contract/content.ts';
import { apiCall } from './api.ts';
import { withCatalogPart } from './catalog-part.ts';
import type { RouterContext } from './router-context.ts';

export interface MessageCenterLinks {
  telegramUrl: string | null;
  serviceUrl: string | null;
  chatUrl: string | null;
  chatEnabled: boolean;
}

/** The route's loader: the links, with the messaging messages in the site's language. */
export function loadMessageCenterLinks(context: RouterContext): Promise<MessageCenterLinks> {
  return withCatalogPart('content', () => links(context));
}

async function links(context: RouterContext): Promise<MessageCenterLinks> {
  const [footer, settings] = await Promise.all([apiCall(footerEndpoint).catch(() => null), context.settings()]);
  const service = footer?.customerService ?? [];
  const liveChat = service.find((c) => c.csType === 'LIVECHAT')?.path ?? null;
  return {
    telegramUrl: footer?.downloadLinks.find((d) => d.resourceType === 'TELEGRAM')?.url ?? null,
    serviceUrl: liveChat ?? service[0]?.path ?? null,
    chatUrl: liveChat,
    chatEnabled: settings?.switches.CBS3 === true,
  };
}
