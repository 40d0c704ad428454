/**
 * The security center's linked accounts (machines/social-login.machine.ts,
 * intent `link`): each provider the member linked, with its e-mail, and a
 * row to link each other provider offered; a tap leaves for the provider and
 * /m/social brings the member back here. Nothing shows when no provider is
 * offered and none is linked.
 */
import { socialProviderNames } from '../../../machines/social-login.machine.ts';
import { useSocialLogin } from '../../app/social-login.ts';
import { useT } from '../../i18n/use-t.ts';
import { Icon } from '../../ui/icons.tsx';
import { MessageAlert } from '../../ui/message-alert.tsx';
import styles from './member.module.css';

export function LinkedAccountsSection() {
  const t = useT();
  const { actor, providers, links, opening, errorCode } = useSocialLogin('link');
  const shown = [...new Set([...links.map((l) => l.provider), ...providers])];
  if (shown.length === 0) return null;
  return (
    <section className={styles.block} aria-labelledby="security-social">
      <h2 id="security-social" className={styles.sectionTitle}>
        {t('identity.social.linkedTitle')}
      </h2>
      <ul className={styles.rows}>
        {shown.map((provider) => {
          const name = t(socialProviderNames[provider]);
          const link = links.find((l) => l.provider === provider);
          return (
            <li key={provider}>
              {link ? (
                <p className={styles.row}>
                  {name}
                  <span className={styles.rowValue}>{t('identity.social.linked', { provider: name, email: link.email ?? 'none' })}</span>
                </p>
              ) : (
                <button
                  type="button"
                  className={styles.row}
                  data-press
                  disabled={opening !== null}
                  aria-busy={opening === provider}
                  onClick={() => actor.send({ type: 'social.start', provider })}
                >
                  {name}
                  <span className={styles.rowValue}>
                    {t(opening === provider ? 'identity.social.opening' : 'identity.social.link', { provider: name })}
                    <Icon name="chevron-right" aria-hidden="true" focusable="false" size={16} />
                  </span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {errorCode ? <MessageAlert messageId={errorCode} /> : null}
    </section>
  );
}
