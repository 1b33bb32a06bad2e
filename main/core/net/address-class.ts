/**
 * What kind of network an IP address belongs to, so that a URL from a message cannot reach the user's own machine or
 * LAN (routers, printers, a NAS, cloud metadata at 169.254.169.254) unless the subscription's server lives there too.
 * Ranges: RFC 1122 (0/8, 127/8), RFC 1918 and RFC 6598 (private, carrier-grade NAT), RFC 3927 (169.254/16), RFC 4193
 * (fc00::/7), RFC 4291 (::1, fe80::/10, IPv4-mapped ::ffff:0:0/96, classified as the IPv4 address it carries).
 */
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** `public`: anything not listed below (the internet). */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified';

const RANGES: readonly (readonly [AddressClass, string, number, 'ipv4' | 'ipv6'])[] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
];

const LISTS = RANGES.map(([kind, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return [kind, list, family] as const;
});

/** `::ffff:127.0.0.1` and `::ffff:7f00:1` → `127.0.0.1`; anything else unchanged. */
function unmapIpv4(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1] !== undefined) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] === undefined || hex[2] === undefined) return address;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The address itself: brackets, a zone (`%eth0`) and the IPv4-mapped IPv6 form taken off. */
function bareAddress(input: string): string {
  return unmapIpv4(input.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''));
}

/** The class of an IP address (v4 or v6, with or without brackets); undefined for a string that is not one. */
export function classifyAddress(input: string): AddressClass | undefined {
  const address = bareAddress(input);
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list, listFamily] of LISTS) if (listFamily === family && list.check(address, family)) return kind;
  return 'public';
}

/** Every address of this computer's network interfaces (os.networkInterfaces()), read anew on each call. */
export function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
}

/**
 * Whether `input` is one of `ownAddresses` (this machine's interfaces), compared as addresses: `::ffff:203.0.113.5`
 * is `203.0.113.5`, `2001:db8::05` is `2001:db8::5`.
 */
export function isOwnAddress(input: string, ownAddresses: readonly string[]): boolean {
  const address = bareAddress(input);
  const version = isIP(address);
  if (version === 0) return false;
  const own = new BlockList();
  for (const entry of ownAddresses) {
    const bare = bareAddress(entry);
    const entryVersion = isIP(bare);
    if (entryVersion !== 0) own.addAddress(bare, entryVersion === 6 ? 'ipv6' : 'ipv4');
  }
  return own.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

/** Loopback, private, link-local or unspecified: this machine or its networks (see also isOwnAddress). */
export function isInternalAddress(kind: AddressClass): boolean {
  return kind !== 'public';
}
