/**
 * Whether an address is a page of this site: its path (with query and hash)
 * to open through the router, or null for another site's address.
 */
export function siteHref(url: string, here: Pick<Location, 'href' | 'origin'> = window.location): string | null {
  const target = new URL(url, here.href);
  return target.origin === here.origin ? `${target.pathname}${target.search}${target.hash}` : null;
}
