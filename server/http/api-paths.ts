/** The API prefixes of the platform; everything else belongs to the SPA. */
export const apiPrefixes = ['/wps', '/lgw'] as const;

const apiPathPattern = /^\/(?:wps|lgw)(?:[/?#]|$)/;

export function isApiPath(url: string): boolean {
  return apiPathPattern.test(url);
}
