/** The agency centre home's model: inputs and events of its model-based test and of `npm run paths agent-home`. */
import type { AgentMenu, TeamKpi } from '../../../contract/agent.ts';
import { agentHomeMachine } from '../../agent-home.machine.ts';
import type { NoticeItem, NoticeList } from '../../notices.machine.ts';
import type { MachineModel } from '../model.ts';

export const kpi: TeamKpi = {
  footer: { teamLoginMemberCount: 5, teamBetMemberCount: 3, teamRegisterMemberCount: 2, teamOnlineCount: 4 },
  summary: { teamSize: 12, directCount: 4, agentCount: 1, balance: 150000, deposit: 50000, withdraw: 20000, betCount: 30, stake: 60000, win: 45000, profit: -15000 },
};
export const menu: AgentMenu = { keys: ['AGEPAG', 'DOWNMAN', 'AGENTRANSMULTDOWN3'], dividendEnabled: true };

export const notice = (announcementId: number, read: boolean): NoticeItem => ({
  announcementId,
  title: `Notice ${announcementId}`,
  content: `<p>Notice ${announcementId} in full</p>`,
  startDate: '2026-11-01',
  read,
});
/** Notice 1 unread, notice 2 read. */
export const notices: NoticeList = { list: [notice(1, false), notice(2, true)], unreadCount: 1 };

export const STATS_REFRESH = 'xstate.after.statsRefresh.agentHome.stats.ready';

/**
 * One aspect per region of its own: the regions load on their own, so exploring them together would only multiply the
 * paths. The notice region is a child running the notices machine, whose paths are its own model's (notices.model.ts).
 */
export const agentHomeModel: MachineModel<typeof agentHomeMachine> = {
  machine: agentHomeMachine,
  aspects: [
    {
      name: "today's team totals, read again each minute",
      inputs: [{ hour: 9 }],
      events: [
        { type: 'xstate.done.actor.loadKpi', output: kpi },
        { type: 'xstate.error.actor.loadKpi', error: { errorCode: 'client.offline' } },
        { type: 'stats.retry' },
        { type: STATS_REFRESH },
      ],
    },
    {
      name: 'the menu the merchant grants',
      inputs: [{ hour: 16 }],
      events: [
        { type: 'xstate.done.actor.loadMenu', output: menu },
        { type: 'xstate.error.actor.loadMenu', error: { errorCode: 'agent.only' } },
        { type: 'menu.retry' },
      ],
    },
  ],
};
