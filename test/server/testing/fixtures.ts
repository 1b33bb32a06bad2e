/**
 * Test fixtures: a server per test, closed when the test finishes, and clients on its port.
 */
import { onTestFinished } from 'vitest';
import { startTestServer } from '../server.ts';
import type { TestServer, TestServerOptions } from '../types.ts';
import { RawHttpStream } from './raw-http.ts';
import { RawWsClient } from './raw-ws.ts';

export async function serverForTest(options?: TestServerOptions): Promise<TestServer> {
  const server = await startTestServer(options);
  onTestFinished(() => server.close());
  return server;
}

/** Opens a stream; once it resolves the server has registered it (the head comes with the `open` event). */
export async function openStream(
  server: TestServer,
  path: string,
  headers?: Readonly<Record<string, string>>,
): Promise<RawHttpStream> {
  const stream = await RawHttpStream.open({ port: server.port, path, ...(headers === undefined ? {} : { headers }) });
  onTestFinished(() => {
    stream.close();
  });
  return stream;
}

export async function openWs(
  server: TestServer,
  path: string,
  options: { headers?: Readonly<Record<string, string>>; autoPong?: boolean } = {},
): Promise<RawWsClient> {
  const client = await RawWsClient.connect({ port: server.port, path, ...options });
  onTestFinished(() => {
    client.destroy();
  });
  return client;
}

/** A request with fetch, answered in full. */
export async function request(
  server: TestServer,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** NDJSON lines of a finished body. */
export function jsonLines(text: string): { event: string; [key: string]: unknown }[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { event: string });
}
