/**
 * Where a link in a message's markdown really goes, when its text pretends otherwise. Pure, so it runs under Node
 * in the unit tests; MessageDetail.tsx asks it before opening a link.
 */

/** Text that reads as an address: a scheme, `www.`, a host name with a dot, or a mail address. */
const LOOKS_LIKE_ADDRESS =
  /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+$|^[\w-]+(?:\.[\w-]+)+(?:\/\S*)?$|^[^\s@/]+@[\w-]+(?:\.[\w-]+)+$/i;

function hostOf(address: string): string | undefined {
  try {
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(address);
    const url = new URL(withScheme ? address : address.includes('@') ? `mailto:${address}` : `https://${address}`);
    const host = url.protocol === 'mailto:' ? url.pathname.toLowerCase() : url.hostname.toLowerCase();
    // No host (a `javascript:` target the sanitizer drops anyway): nothing to name.
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}

/**
 * A link whose text is an address other than its target (`[https://bank.example](https://evil.example)`): the
 * target's host, to show before it opens; undefined for an honest link or one whose text is not an address.
 */
export function disguisedLinkTarget(text: string, href: string): string | undefined {
  const shown = text.trim();
  if (!LOOKS_LIKE_ADDRESS.test(shown)) return undefined;
  const target = hostOf(href);
  return target === undefined || target === hostOf(shown) ? undefined : target;
}
