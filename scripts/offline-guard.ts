/**
 * Keeps a Node process off the network: every TCP/TLS connection to anything but loopback, and every DNS lookup of
 * a name other than localhost, fails locally before a packet leaves. A name under `.invalid`, which never resolves
 * (RFC 6761 §6.4), fails as a resolver answers it (ENOTFOUND, "host not found"), still without asking one: tests
 * of what the user reads for an unknown host use it. For tools that phone home and cannot be told
 * not to (electronegativity fetches translations and Electron release data). Call before loading the tool.
 */
import dns from 'node:dns';
import net from 'node:net';

interface RefusedAttempt {
  readonly kind: 'connect' | 'lookup';
  readonly target: string;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** What getaddrinfo answers for a name no resolver knows. */
function notFound(host: string): Error {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname: host,
  });
}

/** The error for a refused attempt: ENOTFOUND for a `.invalid` name, else the guard's own. */
function refusal(kind: RefusedAttempt['kind'], host: string): Error {
  if (/(^|\.)invalid\.?$/i.test(host)) return notFound(host);
  return new Error(
    kind === 'connect' ? `offline: refused a connection to ${host}` : `offline: refused to look up ${host}`,
  );
}

function isLoopback(host: string | undefined): boolean {
  if (host === undefined || host === '') return false;
  return LOOPBACK_NAMES.has(host) || host.startsWith('127.');
}

interface ConnectTarget {
  readonly host?: string;
  readonly port?: number | string;
  readonly path?: string;
}

/** net.Socket#connect takes (options[, cb]), (path[, cb]) or (port[, host][, cb]); an array form is internal. */
function connectTarget(args: readonly unknown[]): ConnectTarget {
  const [first, second] = args;
  const options: unknown = Array.isArray(first) ? first[0] : first;
  if (typeof options === 'object' && options !== null) return options;
  if (typeof options === 'string' && !/^\d+$/.test(options)) return { path: options };
  return { port: options as number, ...(typeof second === 'string' ? { host: second } : {}) };
}

export function installOfflineGuard(): { readonly refused: readonly RefusedAttempt[] } {
  const refused: RefusedAttempt[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- re-applied below with the socket as `this`
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]): net.Socket {
    const target = connectTarget(args);
    // Unix sockets never leave the machine; without a host, Node connects to localhost.
    if (target.path !== undefined || target.host === undefined || isLoopback(target.host)) {
      return Reflect.apply(connect, this, args) as net.Socket;
    }
    refused.push({ kind: 'connect', target: `${target.host}:${String(target.port)}` });
    process.nextTick(() => {
      this.destroy(refusal('connect', target.host ?? '?'));
    });
    return this;
  };

  const lookup = dns.lookup;
  const guardedLookup = (hostname: string, ...rest: unknown[]): void => {
    if (isLoopback(hostname)) {
      Reflect.apply(lookup, dns, [hostname, ...rest]);
      return;
    }
    refused.push({ kind: 'lookup', target: hostname });
    const callback = rest.at(-1);
    if (typeof callback === 'function') {
      process.nextTick(() => {
        Reflect.apply(callback, undefined, [refusal('lookup', hostname)]);
      });
    }
  };
  dns.lookup = guardedLookup as typeof dns.lookup;
  const promisesLookup = dns.promises.lookup;
  dns.promises.lookup = (async (hostname: string, ...rest: unknown[]): Promise<unknown> => {
    if (isLoopback(hostname))
      return (await Reflect.apply(promisesLookup, dns.promises, [hostname, ...rest])) as unknown;
    refused.push({ kind: 'lookup', target: hostname });
    throw refusal('lookup', hostname);
  }) as typeof dns.promises.lookup;
  return { refused };
}
