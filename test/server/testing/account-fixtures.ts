/** The account that the test server's account tests (account*.test.ts) sign in with, and their request helpers. */
import { expect } from 'vitest';
import { request } from './fixtures.ts';
import type { TestServer, TestServerOptions } from '../types.ts';

export const configuredToken = 'tk_abcdefghijklmnopqrstuvwxyz012';

export const auth: NonNullable<TestServerOptions['auth']> = {
  users: [
    {
      name: 'phil',
      password: 'mypass',
      tokens: [configuredToken],
      access: [
        { topic: 'mytopic', permission: 'read-write' },
        { topic: 'private_*', permission: 'read-write' },
      ],
    },
  ],
  // phil's read-write grant plus an everyone rule on the same exact topic: a reservation, as ntfy stores one.
  everyone: [{ topic: 'mytopic', permission: 'read-only' }],
};

export const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
export const bearer = (token: string): string => `Bearer ${token}`;

export async function signIn(server: TestServer): Promise<string> {
  const response = await request(server, '/v1/account/token', {
    method: 'POST',
    headers: { Authorization: basic('phil', 'mypass') },
  });
  expect(response.status).toBe(200);
  return (JSON.parse(response.text) as { token: string }).token;
}

export function subscriptionRequest(token: string, method: string, body: unknown): RequestInit {
  return { method, headers: { Authorization: bearer(token) }, body: JSON.stringify(body) };
}
