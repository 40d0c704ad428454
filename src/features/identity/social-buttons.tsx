/**
 * The login screen's social login buttons (machines/social-login.machine.ts):
 * "Continue with Google / Facebook", with remember-me as the form has it.
 * Nothing shows while the providers load or when none is offered.
 */
import { socialProviderNames } from '../../../machines/social-login.machine.ts';
import { useSocialLogin } from '../../app/social-login.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from './form-parts.tsx';
import styles from './identity-form.module.css';

export function SocialButtons({ remember }: { remember: boolean }) {
  const t = useT();
  const { actor, providers, opening, errorCode } = useSocialLogin('login');
  if (providers.length === 0) return null;
  return (
    <section className={styles.social} aria-labelledby="social-login">
      <h2 id="social-login" className={styles.socialTitle}>
        {t('identity.social.title')}
      </h2>
      <ul className={styles.socialList}>
        {providers.map((provider) => {
          const name = t(socialProviderNames[provider]);
          return (
            <li key={provider}>
              <Button
                type="button"
                variant="secondary"
                block
                disabled={opening !== null}
                aria-busy={opening === provider}
                onClick={() => actor.send({ type: 'social.start', provider, remember })}
              >
                {t(opening === provider ? 'identity.social.opening' : 'identity.social.continue', { provider: name })}
              </Button>
            </li>
          );
        })}
      </ul>
      <FormAlert messageId={errorCode} />
    </section>
  );
}
