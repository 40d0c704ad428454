/**
 * The merchant's brand, one name everywhere (logo, page title, welcome,
 * footer): the merchant's configured name, which the server writes in the
 * page it sends (`<meta name="application-name">`, server/http/document.ts),
 * so it is known before the first render. A page the site's server did not
 * send (the development server, a component test) shows the catalog's
 * `app.name` instead.
 */
import { useT } from '../i18n/use-t.ts';

export function pageBrand(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || null;
}

export function useBrandName(): string {
  const t = useT();
  return pageBrand() ?? t('app.name');
}
