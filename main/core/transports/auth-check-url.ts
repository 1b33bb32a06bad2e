/**
 * `GET /<topics>/auth` for a subscribe URL (docs/protocol.md#endpoints): answers `{"success":true}`
 * or ntfy's JSON error (401/403/429 with its code), with the same credentials, and no messages.
 */
export function authCheckUrl(subscribeUrl: string | URL): URL {
  const url = new URL(subscribeUrl);
  if (url.protocol === 'wss:') url.protocol = 'https:';
  else if (url.protocol === 'ws:') url.protocol = 'http:';
  url.pathname = url.pathname.replace(/\/[^/]*$/, '/auth');
  // Only `auth=` (credentials in the query) matters; since/poll/filters would be ignored or rejected.
  for (const name of [...url.searchParams.keys()]) if (name !== 'auth') url.searchParams.delete(name);
  url.hash = '';
  return url;
}
