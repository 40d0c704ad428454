/**
 * What the message center needs of the merchant (its machine's `loadLinks`,
 * loaded with the screen, not in the home's first load): the Telegram and
 * customer service links and the live chat switch (CBS3); no links when the
 * footer fails to load. The live chat is the site's own (/m/chat, launched by
 * src/app/chat-launch-actors.ts), not a link.
 */
import type { ConsolidatedSettings } from '../../contract/system.ts';
import { footerEndpoint } from '../../contract/content.ts';
import type { MessageCenterLinks } from '../../machines/message-center.machine.ts';
import type { ApiCall } from '../api/client.ts';

export async function loadMessageCenterLinks(call: ApiCall, settings: () => Promise<ConsolidatedSettings | null>): Promise<MessageCenterLinks> {
  const [footer, merchant] = await Promise.all([call(footerEndpoint).catch(() => null), settings()]);
  const service = footer?.customerService ?? [];
  const liveChat = service.find((c) => c.csType === 'LIVECHAT')?.path ?? null;
  return {
    telegramUrl: footer?.downloadLinks.find((d) => d.resourceType === 'TELEGRAM')?.url ?? null,
    serviceUrl: liveChat ?? service[0]?.path ?? null,
    chatEnabled: merchant?.switches.CBS3 === true,
  };
}
