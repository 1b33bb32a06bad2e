import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNetworkFailure } from '../../../common/network-failure.ts';

/** What a promise rejected with (the test fails if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function listen(server: http.Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

async function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
}

describe('describeNetworkFailure with real failures on 127.0.0.1', () => {
  it('calls a closed port "connection refused"', async () => {
    const server = http.createServer();
    const host = await listen(server);
    await close(server);
    const error = await rejection(fetch(`http://${host}/`));
    expect(describeNetworkFailure(error)).toEqual({ kind: 'refused', words: 'connection refused' });
  });

  it('calls a reset socket "connection reset"', async () => {
    const server = http.createServer((request) => {
      // Sends a TCP RST: undici reports `read ECONNRESET` as the cause of "fetch failed".
      request.socket.resetAndDestroy();
    });
    const host = await listen(server);
    const error = await rejection(fetch(`http://${host}/`, { method: 'POST' }));
    await close(server);
    expect(describeNetworkFailure(error)).toEqual({ kind: 'reset', words: 'connection reset' });
  });

  it('calls a server that hangs up without an answer "connection reset"', async () => {
    const server = http.createServer((request) => request.socket.destroy());
    const host = await listen(server);
    const error = await rejection(fetch(`http://${host}/`, { method: 'POST' }));
    await close(server);
    expect(describeNetworkFailure(error)).toEqual({ kind: 'reset', words: 'connection reset' });
  });

  it('calls a fetch given up on its deadline "no answer in time"', async () => {
    const deadline = new AbortController();
    // The server never answers; the deadline fires once the request has arrived (an event, not a timer), with the
    // reason AbortSignal.timeout() uses.
    const server = http.createServer(() => {
      deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    });
    const host = await listen(server);
    const error = await rejection(fetch(`http://${host}/`, { signal: deadline.signal }));
    await close(server);
    expect(describeNetworkFailure(error)).toEqual({ kind: 'timeout', words: 'no answer in time' });
  });

  describe('TLS, with a certificate made for this test', () => {
    let dir = '';
    let key: Buffer;
    let cert: Buffer;
    let server: https.Server;
    let port = 0;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'network-failure-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        // openssl writes progress dots to stderr: keep them out of the test output (thrown errors still carry them).
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      key = readFileSync(join(dir, 'key.pem'));
      cert = readFileSync(join(dir, 'cert.pem'));
      server = https.createServer({ key, cert }, (_request, response) => response.end('ok'));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      port = (server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
      rmSync(dir, { recursive: true, force: true });
    });

    it('names a self-signed certificate', async () => {
      const error = await rejection(fetch(`https://127.0.0.1:${String(port)}/`));
      expect(describeNetworkFailure(error)).toEqual({
        kind: 'tls',
        words: 'TLS certificate problem: self-signed certificate',
      });
    });

    it('names a certificate made for another name', async () => {
      // fetch cannot be given a CA without undici's Agent; tls.connect raises the same Node error fetch would wrap.
      const socket = tls.connect({ host: '127.0.0.1', port, ca: cert, servername: 'example.test' });
      const [error] = (await once(socket, 'error').catch((thrown: unknown) => [thrown])) as unknown[];
      socket.destroy();
      expect(describeNetworkFailure(error)).toEqual({
        kind: 'tls',
        words: 'TLS certificate problem: certificate is for a different name',
      });
    });
  });
});

/**
 * Shaped as Node and undici build them, where a real one would need something this test must not do: a DNS lookup
 * of `*.invalid` is not answered locally by glibc here (it asks the configured name server), and an expired
 * certificate or a headers timeout need a clock or a long wait.
 */
describe('describeNetworkFailure with failures built as Node builds them', () => {
  const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
  const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it.each([
    ['ENOTFOUND', 'getaddrinfo ENOTFOUND ntfy.invalid', 'dns', 'host not found'],
    ['EAI_AGAIN', 'getaddrinfo EAI_AGAIN ntfy.example', 'dns', 'host not found'],
    ['ENETUNREACH', 'connect ENETUNREACH 10.0.0.1:80', 'unreachable', 'network unreachable'],
    ['EHOSTUNREACH', 'connect EHOSTUNREACH 10.0.0.1:80', 'unreachable', 'network unreachable'],
    ['ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.1:443', 'timeout', 'no answer in time'],
    ['UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error', 'timeout', 'no answer in time'],
    ['UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error', 'timeout', 'no answer in time'],
    ['CERT_HAS_EXPIRED', 'certificate has expired', 'tls', 'TLS certificate problem: certificate has expired'],
    [
      'SELF_SIGNED_CERT_IN_CHAIN',
      'self-signed certificate in certificate chain',
      'tls',
      'TLS certificate problem: self-signed certificate in the chain',
    ],
    [
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'unable to verify the first certificate',
      'tls',
      'TLS certificate problem: certificate issuer not trusted',
    ],
    [
      'EPROTO',
      'write EPROTO 0A00010B:SSL routines::wrong version number',
      'tls',
      'TLS certificate problem: secure connection could not be set up',
    ],
  ])('reads %s from the cause of "fetch failed"', (code, message, kind, words) => {
    expect(describeNetworkFailure(fetchFailed(systemError(code, message)))).toEqual({ kind, words });
  });

  it('reads the per-address failures of an AggregateError (a connect to several addresses)', () => {
    const aggregate = new AggregateError([
      systemError('ECONNREFUSED', 'connect ECONNREFUSED ::1:80'),
      systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:80'),
    ]);
    expect(describeNetworkFailure(fetchFailed(aggregate))).toEqual({ kind: 'refused', words: 'connection refused' });
  });

  it('gives the innermost message when nothing is recognized', () => {
    const error = fetchFailed(systemError('EPROTONOSUPPORT', 'connect EPROTONOSUPPORT 10.0.0.1:80'));
    expect(describeNetworkFailure(error)).toEqual({ kind: 'unknown', words: 'connect EPROTONOSUPPORT 10.0.0.1:80' });
  });

  it('survives a cause chain that loops and a value that is no Error', () => {
    const looping = new Error('outer');
    looping.cause = looping;
    expect(describeNetworkFailure(looping)).toEqual({ kind: 'unknown', words: 'outer' });
    expect(describeNetworkFailure('plain text')).toEqual({ kind: 'unknown', words: 'plain text' });
  });
});
