/** Paths whose segments are credentials: the calendar feed's token. */
const SECRET_PATHS: [RegExp, string][] = [[/^\/calendar\/[^/]+\.ics$/, '/calendar/[token].ics']];

/**
 * The path of a request as access logs may show it: without the query string (which may
 * carry tokens, e.g. hub.verify_token) and with secret path segments replaced.
 */
export function loggablePath(url: string): string {
  const path = url.split('?')[0] ?? '';
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(path)) return replacement;
  return path;
}
