/**
 * The redirectTo query parameter, accepted only as a path of this site: anything else (another
 * origin, '//host', a scheme) would make the login page an open redirect.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export function withRedirectTo(path: string, target: string): string {
  if (target === '/' || !target) return path;
  return `${path}?${new URLSearchParams({ redirectTo: target }).toString()}`;
}
