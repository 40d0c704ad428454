/**
 * What the installed app adds on top of every screen, read from the install
 * machine (machines/install.machine.ts): the download bar on the home
 * screens (the browser's install prompt, or Safari's add-to-home-screen
 * hint; closed, remembered), the "new version" prompt, and the offline
 * notice. Loaded after the first screen (src/features/shell/app-shell.tsx):
 * the first paint never waits for it.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useBrandName } from '../../app/brand.ts';
import { browserInstallMachine, readInstallFacts } from '../../app/install-actors.ts';
import type { InstallActorRef } from '../../app/install-state.ts';
import { useSystemActor } from '../../app/actor-system.ts';
import { isHomePath } from '../../app/layout-rules.ts';
import { useCatalogPart } from '../../i18n/i18n-provider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import styles from './install-layer.module.css';

export default function InstallLayer({ path, onActor }: { path: string; onActor: (actor: InstallActorRef) => void }) {
  useCatalogPart('install');
  const [facts] = useState(readInstallFacts);
  const actor = useSystemActor(browserInstallMachine, { systemId: 'install', input: facts });
  useEffect(() => onActor(actor), [actor, onActor]);
  const bar = useSelector(actor, (s) => (s.matches({ bar: 'shown' }) ? (s.matches({ prompt: 'available' }) ? 'prompt' : s.matches({ hint: 'homeScreen' }) ? 'hint' : 'waiting') : null));
  const update = useSelector(actor, (s) => s.matches({ update: 'available' }) || s.matches({ update: 'applying' }));
  const offline = useSelector(actor, (s) => s.matches({ network: 'offline' }));
  return (
    <>
      {offline ? <OfflineNotice /> : null}
      {update ? <UpdatePrompt actor={actor} /> : null}
      {bar && bar !== 'waiting' && isHomePath(path) ? <DownloadBar kind={bar} actor={actor} /> : null}
    </>
  );
}

function DownloadBar({ kind, actor }: { kind: 'prompt' | 'hint'; actor: InstallActorRef }) {
  const t = useT();
  const name = useBrandName();
  return (
    <section className={styles.bar} aria-labelledby="install-bar-title">
      <img className={styles.icon} src="/icons/icon-192.png" alt="" width={40} height={40} />
      <div className={styles.text}>
        <h2 id="install-bar-title" className={styles.title}>
          {t('install.title')}
        </h2>
        <p className={styles.body}>{kind === 'hint' ? t('install.iosHint') : t('install.body', { name })}</p>
      </div>
      {kind === 'prompt' ? (
        <Button compact onClick={() => actor.send({ type: 'install.accept' })}>
          {t('install.action')}
        </Button>
      ) : null}
      <button type="button" className={styles.close} aria-label={t('install.close')} onClick={() => actor.send({ type: 'bar.close' })}>
        <Icon name="x" aria-hidden="true" focusable="false" size={18} />
      </button>
    </section>
  );
}

function UpdatePrompt({ actor }: { actor: InstallActorRef }) {
  const t = useT();
  const name = useBrandName();
  const applying = useSelector(actor, (s) => s.matches({ update: 'applying' }));
  return (
    <div className={styles.update} role="status">
      <Icon name="refresh-cw" aria-hidden="true" focusable="false" size={18} />
      <p className={styles.updateText}>{t('update.body', { name })}</p>
      <Button compact disabled={applying} onClick={() => actor.send({ type: 'update.accept' })}>
        {t('update.reload')}
      </Button>
      <Button compact variant="ghost" disabled={applying} onClick={() => actor.send({ type: 'update.later' })}>
        {t('update.later')}
      </Button>
    </div>
  );
}

function OfflineNotice() {
  const t = useT();
  return (
    <div className={styles.offline} role="alert">
      <Icon name="wifi-off" aria-hidden="true" focusable="false" size={18} />
      <div>
        <p className={styles.offlineTitle}>{t('offline.title')}</p>
        <p className={styles.offlineBody}>{t('offline.body')}</p>
      </div>
    </div>
  );
}
