/**
 * The guard is tested against stand-ins for the real connect and lookup, installed first, so that even a broken
 * guard could not send anything anywhere: the stand-ins record what would have gone out.
 */
import dns from 'node:dns';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installOfflineGuard } from '../../../scripts/offline-guard.ts';

// eslint-disable-next-line @typescript-eslint/unbound-method -- only put back in place, never called here
const realConnect = net.Socket.prototype.connect;
const realLookup = dns.lookup;
const realPromisesLookup = dns.promises.lookup;
let reachedConnect: unknown[][];
let reachedLookup: string[];

beforeEach(() => {
  reachedConnect = [];
  reachedLookup = [];
  net.Socket.prototype.connect = function recordConnect(this: net.Socket, ...args: unknown[]): net.Socket {
    reachedConnect.push(args);
    return this;
  };
  dns.lookup = ((hostname: string) => {
    reachedLookup.push(hostname);
  }) as unknown as typeof dns.lookup;
  dns.promises.lookup = ((hostname: string) => {
    reachedLookup.push(hostname);
    return Promise.resolve({ address: '127.0.0.1', family: 4 });
  }) as typeof dns.promises.lookup;
});

afterEach(() => {
  net.Socket.prototype.connect = realConnect;
  dns.lookup = realLookup;
  dns.promises.lookup = realPromisesLookup;
});

function connectWith(...args: unknown[]): Promise<Error | undefined> {
  const socket = new net.Socket();
  return new Promise((resolve) => {
    socket.once('error', resolve);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- applied with the socket as `this`
    Reflect.apply(socket.connect, socket, args);
    setImmediate(() => {
      resolve(undefined);
    });
  });
}

describe('installOfflineGuard', () => {
  it('lets loopback and unix-socket connections through', async () => {
    installOfflineGuard();

    await connectWith({ host: '127.0.0.1', port: 9 });
    await connectWith({ host: 'localhost', port: 9 });
    await connectWith({ host: '::1', port: 9 });
    await connectWith('/run/user/1000/bus');
    await connectWith(9);

    expect(reachedConnect).toHaveLength(5);
  });

  it.each([
    [{ host: 'electronegativity-i18n.s3.us-west-2.amazonaws.com', port: 443 }],
    [{ host: '192.0.2.1', port: 80 }],
    [80, 'example.com'],
  ])('refuses %j before anything is sent, and records it', async (...args) => {
    const guard = installOfflineGuard();

    const error = await connectWith(...args);

    expect(error?.message).toMatch(/^offline: refused a connection/);
    expect(reachedConnect).toEqual([]);
    expect(guard.refused).toHaveLength(1);
  });

  it('refuses DNS lookups of anything but localhost, callback and promise style', async () => {
    const guard = installOfflineGuard();

    const callbackError = await new Promise<Error | null>((resolve) => {
      dns.lookup('raw.githubusercontent.com', (error) => {
        resolve(error);
      });
    });
    await expect(dns.promises.lookup('raw.githubusercontent.com')).rejects.toThrow(/offline/);
    dns.lookup('localhost', () => undefined);
    await dns.promises.lookup('localhost');

    expect(callbackError?.message).toMatch(/offline/);
    expect(reachedLookup).toEqual(['localhost', 'localhost']);
    expect(guard.refused.map((attempt) => attempt.kind)).toEqual(['lookup', 'lookup']);
  });

  it('answers a .invalid name as a resolver would (ENOTFOUND), on connect and lookup, without sending anything', async () => {
    const guard = installOfflineGuard();

    const error = await connectWith({ host: 'ntfy.invalid', port: 443 });
    const lookupError = await new Promise<Error | null>((resolve) => {
      dns.lookup('ntfy.invalid', (failure) => {
        resolve(failure);
      });
    });
    await expect(dns.promises.lookup('ntfy.invalid')).rejects.toMatchObject({ code: 'ENOTFOUND' });

    expect(error).toMatchObject({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND ntfy.invalid' });
    expect(lookupError).toMatchObject({ code: 'ENOTFOUND' });
    expect(reachedConnect).toEqual([]);
    expect(reachedLookup).toEqual([]);
    expect(guard.refused.map((attempt) => attempt.target)).toEqual([
      'ntfy.invalid:443',
      'ntfy.invalid',
      'ntfy.invalid',
    ]);
  });
});
