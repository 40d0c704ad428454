import { catalogLanguages, localeOf } from '../i18n/catalogs.ts';
import { useT } from '../i18n/use-t.ts';
import { Icon } from './icons.tsx';

/**
 * One button per language the site has a catalog for, the current one
 * pressed; a tap chooses it (the side menu and login give `useLanguageChoice`
 * of src/app/app-actor.tsx: the whole site changes language).
 */
export function LanguageChoices({
  language,
  onChoose,
  listClassName,
  itemClassName,
}: {
  language: string;
  onChoose: (language: string) => void;
  listClassName?: string;
  itemClassName?: string;
}) {
  const t = useT();
  return (
    <ul className={listClassName}>
      {catalogLanguages.map((code) => (
        <li key={code}>
          <button
            type="button"
            className={itemClassName}
            aria-pressed={language === code}
            lang={localeOf(code)}
            onClick={() => onChoose(code)}
          >
            <Icon name="languages" aria-hidden="true" focusable="false" />
            {t(`language.${code}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}
