/** The API prefixes of the platform; everything else belongs to the SPA. */
export const apiPrefixes = ['/wps', '/lgw'] as const;

const apiPathPattern = /^\/(?:wps|lgw)(?:[/?#]|$)/;

/** Whether a path (or a route pattern) is under an API prefix, as written: `/wp%73/x` is not. */
export function isApiPath(url: string): boolean {
  return apiPathPattern.test(url);
}

function decodedPathname(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Whether a request is an API request. The router matches DECODED paths
 * (`/wp%73/system/status` reaches the `/wps/system/status` handler), so the
 * raw url must not decide: the matched route's pattern does, else (not found)
 * the percent-decoded path. Deciding on the raw url let encoded paths skip
 * the request context (a 500 in the handler) and the rate limit; found by the
 * API fuzz suite.
 */
export function isApiRequest(request: { url: string; routeOptions?: { url?: string | undefined } }): boolean {
  const route = request.routeOptions?.url;
  if (route) return isApiPath(route);
  return isApiPath(request.url) || isApiPath(decodedPathname(request.url));
}
