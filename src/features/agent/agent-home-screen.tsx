import { Link, type LinkProps } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { AgentMenuKey, TeamFooter } from '../../../contract/agent.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { provideAgentHomeMachine } from '../../app/agent-actors.ts';
import { useChatLaunch } from '../../app/chat-entry.ts';
import { useBalance } from '../../app/money-actors.ts';
import { useUnreadCounts } from '../../app/notice-actors.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import type { MessageId } from '../../i18n/message-id.ts';
import { useErrorText, useT } from '../../i18n/use-t.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { LoadFailed } from '../../ui/empty-state.tsx';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { useFormatMoney } from '../../ui/money-format.ts';
import { plainTextOf, SafeHtml } from '../../ui/safe-html.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { agentHomeNoticesId } from '../../../machines/agent-home.machine.ts';
import type { noticesMachine } from '../../../machines/notices.machine.ts';
import styles from './agent.module.css';

type HomeActor = ReturnType<typeof useSystemActor<ReturnType<typeof provideAgentHomeMachine>>>;

/** Each menu key's entry (spec section 2, in the route table's order). */
const menuEntries: Record<AgentMenuKey, { link: LinkProps; icon: IconName; labelId: MessageId }> = {
  AGEPAG: { link: { to: '/m/agent/team/overview' }, icon: 'users', labelId: 'title.agentTeamOverview' },
  TRANSREC3: { link: { to: '/m/agent/team/transactions' }, icon: 'receipt-text', labelId: 'title.agentTeamTransactions' },
  DOWNMAN: { link: { to: '/m/member/team' }, icon: 'users-round', labelId: 'title.memberTeam' },
  AGENTRANSMULTDOWN3: { link: { to: '/m/redRain' }, icon: 'cloud-rain', labelId: 'title.redRain' },
  AGETEAMPNL3: { link: { to: '/m/agent/team/pnl' }, icon: 'chart-line', labelId: 'title.agentTeamPnl' },
  TEAMBETTING3: { link: { to: '/m/teamBetting' }, icon: 'dices', labelId: 'title.teamBetting' },
  GAMSER: { link: { to: '/m/member/agent/agentRebeat' }, icon: 'percent', labelId: 'title.memberAgentAgentRebeat' },
  AGEREBINC3: { link: { to: '/m/member/teamRebate' }, icon: 'hand-coins', labelId: 'title.memberTeamRebate' },
  SECPRIV: { link: { to: '/m/securityCenter' }, icon: 'shield-check', labelId: 'title.securityCenter' },
  MAILCEN: { link: { to: '/m/webEmail' }, icon: 'mail', labelId: 'title.webEmail' },
};

const menuKeys = Object.keys(menuEntries) as AgentMenuKey[];

const footerFigures: { key: keyof TeamFooter; labelId: MessageId }[] = [
  { key: 'teamLoginMemberCount', labelId: 'agent.kpi.logins' },
  { key: 'teamBetMemberCount', labelId: 'agent.kpi.bettors' },
  { key: 'teamRegisterMemberCount', labelId: 'agent.kpi.registered' },
  { key: 'teamOnlineCount', labelId: 'agent.kpi.online' },
];

/**
 * The agency centre (/m/agent; spec section 2): the greeting of the local
 * hour, the wallet with withdraw and deposit, today's team figures, the
 * agent menu (the entries the merchant's menu configuration grants, and
 * customer service always), the latest notice as a card, and the footer.
 * Its machine (machines/agent-home.machine.ts) loads each part on its own.
 */
export function AgentHomeScreen() {
  useCatalogPart('identity');
  const t = useT();
  const logic = useMemo(() => provideAgentHomeMachine(), []);
  const actor = useSystemActor(logic, { systemId: 'agentHome', input: { hour: new Date().getHours() } });
  const greeting = useSelector(actor, (s) => s.context.greeting);
  return (
    <div className={styles.screen}>
      <section className={styles.hero} aria-labelledby="agent-greeting">
        <h2 id="agent-greeting" className={styles.greeting}>
          {t(`agent.greeting.${greeting}`)}
        </h2>
        <Wallet />
        <div className={styles.heroActions}>
          <Link to="/m/withdraw" className={buttonClassName({ variant: 'secondary', compact: true })}>
            {t('header.withdraw')}
          </Link>
          <Link to="/m/voucherCenter" className={buttonClassName({ compact: true })}>
            {t('header.deposit')}
          </Link>
        </div>
      </section>
      <TodayFigures actor={actor} />
      <AgentMenu actor={actor} />
      <NoticeCard actor={actor} />
      <Footer actor={actor} />
    </div>
  );
}

function Wallet() {
  const t = useT();
  const formatMoney = useFormatMoney();
  const reading = useSelector(useBalance(), (s) => s?.context.reading ?? null);
  return (
    <p className={styles.wallet}>
      {t('agent.wallet')}
      <strong>{reading ? formatMoney(reading.sumBalance, reading.currency) : <Skeleton />}</strong>
    </p>
  );
}

function TodayFigures({ actor }: { actor: HomeActor }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const footer = useSelector(actor, (s) => s.context.kpi?.footer ?? null);
  const failed = useSelector(actor, (s) => s.matches({ stats: 'failed' }));
  const errorCode = useSelector(actor, (s) => s.context.statsError);
  return (
    <section aria-labelledby="agent-today">
      <h2 id="agent-today" className={styles.sectionTitle}>
        {t('agent.today')}
      </h2>
      {failed && !footer ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'stats.retry' })} />
      ) : (
        <dl className={styles.figures} aria-busy={!footer}>
          {footerFigures.map(({ key, labelId }) => (
            <div key={key} className={styles.figure}>
              <dt>{t(labelId)}</dt>
              <dd>{footer ? intl.formatNumber(footer[key]) : <Skeleton />}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function AgentMenu({ actor }: { actor: HomeActor }) {
  const t = useT();
  const errorText = useErrorText();
  const launchChat = useChatLaunch();
  const unread = useUnreadCounts();
  const keys = useSelector(actor, (s) => s.context.menu?.keys ?? null);
  const failed = useSelector(actor, (s) => s.matches({ menu: 'failed' }));
  const errorCode = useSelector(actor, (s) => s.context.menuError);
  return (
    <section aria-labelledby="agent-menu">
      <h2 id="agent-menu" className={styles.sectionTitle}>
        {t('agent.menu')}
      </h2>
      {failed ? (
        <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => actor.send({ type: 'menu.retry' })} />
      ) : (
        <ul className={styles.menu} aria-busy={!keys}>
          {/* While the menu loads, a placeholder per entry the menu can have: what comes below stays where it will be. */}
          {keys === null
            ? menuKeys.map((key) => (
                <li key={key} aria-hidden="true">
                  <Skeleton className={styles.entryPlaceholder} />
                </li>
              ))
            : null}
          {(keys ?? []).map((key) => {
            const { link, icon, labelId } = menuEntries[key];
            const badge = key === 'MAILCEN' && unread.inbox > 0 ? unread.inbox : null;
            return (
              <li key={key}>
                <Link {...link} className={styles.entry}>
                  <Icon name={icon} aria-hidden="true" focusable="false" />
                  {t(labelId)}
                  {badge ? (
                    <span className={styles.badge} role="img" aria-label={t('agent.unread', { count: badge })}>
                      {badge}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
          <li>
            <button type="button" className={styles.entry} onClick={launchChat}>
              <Icon name="messages-square" aria-hidden="true" focusable="false" />
              {t('title.chat')}
            </button>
          </li>
        </ul>
      )}
    </section>
  );
}

/** The notice region's child: the agents' notices (machines/notices.machine.ts). */
const useNotices = (actor: HomeActor) =>
  useSelector(actor, (s) => s.children[agentHomeNoticesId] as ActorRefFrom<typeof noticesMachine> | undefined);

function NoticeCard({ actor }: { actor: HomeActor }) {
  const t = useT();
  const errorText = useErrorText();
  const notices = useNotices(actor);
  const notice = useSelector(notices, (s) => s?.context.items[0] ?? null);
  const expanded = useSelector(notices, (s) => notice !== null && s?.context.openId === notice.announcementId);
  const failed = useSelector(notices, (s) => s?.matches('failed') === true);
  const errorCode = useSelector(notices, (s) => s?.context.errorCode ?? null);
  const preview = useMemo(() => (notice ? plainTextOf(notice.content) : ''), [notice]);
  if (failed) {
    return <LoadFailed title={errorText(errorCode ?? 'unknown')} retryLabel={t('error.load.retry')} onRetry={() => notices?.send({ type: 'notices.retry' })} />;
  }
  if (!notice) return null;
  return (
    <section className={styles.notice} aria-label={t('agent.notice')}>
      <button
        type="button"
        className={styles.noticeHeader}
        aria-expanded={expanded}
        aria-controls="agent-notice-body"
        onClick={() => notices?.send({ type: 'item.toggle', announcementId: notice.announcementId })}
      >
        <span className={styles.noticeTitle}>{notice.title}</span>
        <span className={styles.muted}>{notice.startDate}</span>
        {expanded ? null : <span className={styles.preview}>{preview}</span>}
      </button>
      <div id="agent-notice-body">{expanded ? <SafeHtml html={notice.content} /> : null}</div>
    </section>
  );
}

function Footer({ actor }: { actor: HomeActor }) {
  const t = useT();
  const dividend = useSelector(actor, (s) => s.context.menu?.dividendEnabled === true);
  const unread = useSelector(useNotices(actor), (s) => s?.context.unreadCount ?? 0);
  return (
    <nav aria-label={t('agent.footer')}>
      <ul className={styles.footer}>
        <li>
          <Link to="/m/home" className={styles.entry}>
            <Icon name="house" aria-hidden="true" focusable="false" />
            {t('title.home')}
          </Link>
        </li>
        <li>
          <Link to="/m/agentRegister" className={styles.entry}>
            <Icon name="user-plus" aria-hidden="true" focusable="false" />
            {t('title.agentRegister')}
          </Link>
        </li>
        {dividend ? (
          <li>
            <Link to="/m/member/agent/agentDivident" className={styles.entry}>
              <Icon name="piggy-bank" aria-hidden="true" focusable="false" />
              {t('title.memberAgentAgentDivident')}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/m/member/notice" search={{ types: 'A' }} className={styles.entry}>
            <Icon name="megaphone" aria-hidden="true" focusable="false" />
            {t('title.memberNotice')}
            {unread > 0 ? (
              <span className={styles.badge} role="img" aria-label={t('agent.unread', { count: unread })}>
                {unread}
              </span>
            ) : null}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
