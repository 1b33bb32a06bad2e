import { serverUrlOf } from '../../common/server-url.ts';

/** `https://ntfy.example.com/alerts` → server `https://ntfy.example.com`, topic `alerts`; anything else: undefined. */
export function splitTopicUrl(text: string): { readonly server: string; readonly topic: string } | undefined {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed) || !URL.canParse(trimmed)) return undefined;
  const url = new URL(trimmed);
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const topic = segments.pop();
  if (topic === undefined) return undefined;
  // A server may live under a path prefix (https://host/ntfy/alerts); the topic is always the last segment.
  const prefix = segments.length === 0 ? '' : `/${segments.join('/')}`;
  return { server: `${url.origin}${prefix}`, topic: decodeURIComponent(topic) };
}

/**
 * A server URL in the form the core stores it (`https://Ntfy.sh/` → `https://ntfy.sh`), to tell whether two typed
 * servers are the same one; undefined when it is not an http(s) URL.
 */
export const serverKey: (text: string) => string | undefined = serverUrlOf;
