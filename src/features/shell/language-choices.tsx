import { useAppSend, useLanguage } from '../../app/app-actor.tsx';
import { catalogLanguages, localeOf } from '../../i18n/catalogs.ts';
import { useT } from '../../i18n/use-t.ts';
import { Icon } from '../../ui/icons.tsx';

/**
 * One button per language the site has a catalog for, the current one
 * pressed; a tap changes the language of the whole site (side menu, login).
 */
export function LanguageChoices({ listClassName, itemClassName }: { listClassName?: string; itemClassName?: string }) {
  const t = useT();
  const language = useLanguage();
  const send = useAppSend();
  return (
    <ul className={listClassName}>
      {catalogLanguages.map((code) => (
        <li key={code}>
          <button
            type="button"
            className={itemClassName}
            aria-pressed={language === code}
            lang={localeOf(code)}
            onClick={() => send({ type: 'language.change', language: code })}
          >
            <Icon name="languages" aria-hidden="true" focusable="false" />
            {t(`language.${code}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}
