import { languageNames } from '../../contract/language-names.ts';
import { catalogLanguages, directionOf, localeOf } from '../i18n/catalogs.ts';
import { Icon } from './icons.tsx';

/** The merchant's languages that have a catalog; every language with a catalog when the merchant's are unknown. */
function offeredLanguages(offered: readonly string[] | undefined): readonly string[] {
  return offered?.length ? catalogLanguages.filter((code) => offered.includes(code)) : catalogLanguages;
}

/**
 * The same choice as one native select (a compact screen such as the login
 * screen: thirty buttons would not fit), labelled `label`; each option is
 * named in its own language and script.
 */
export function LanguageSelect({
  language,
  onChoose,
  offered,
  label,
  className,
}: {
  language: string;
  onChoose: (language: string) => void;
  offered?: readonly string[];
  label: string;
  className?: string;
}) {
  const codes = offeredLanguages(offered);
  return (
    <label className={className}>
      <Icon name="languages" aria-hidden="true" focusable="false" />
      <span>{label}</span>
      <select value={language} onChange={(event) => onChoose(event.target.value)}>
        {codes.map((code) => (
          <option key={code} value={code} lang={localeOf(code)} dir={directionOf(code)}>
            {languageNames[code] ?? code}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * One button per language the site has a catalog for (and the merchant
 * offers), the current one pressed, each name in
 * its own language and script; a tap chooses it (the side menu and login
 * give `useLanguageChoice` of src/app/app-actor.tsx: the whole site changes
 * language at once).
 */
export function LanguageChoices({
  language,
  onChoose,
  offered,
  listClassName,
  itemClassName,
}: {
  language: string;
  onChoose: (language: string) => void;
  /** The merchant's enabled languages (its settings); every language with a catalog when absent or empty. */
  offered?: readonly string[];
  listClassName?: string;
  itemClassName?: string;
}) {
  const codes = offeredLanguages(offered);
  return (
    <ul className={listClassName}>
      {codes.map((code) => (
        <li key={code}>
          <button
            type="button"
            className={itemClassName}
            aria-pressed={language === code}
            lang={localeOf(code)}
            dir={directionOf(code)}
            onClick={() => onChoose(code)}
          >
            <Icon name="languages" aria-hidden="true" focusable="false" />
            {languageNames[code] ?? code}
          </button>
        </li>
      ))}
    </ul>
  );
}
