import { describe, expect, it } from 'vitest';
import { generateToken } from './auth.ts';
import { openStream, openWs, request, serverForTest } from './testing/fixtures.ts';
import type { TestServerOptions } from './types.ts';

const token = 'tk_abcdefghijklmnopqrstuvwxyz012';

const auth: TestServerOptions['auth'] = {
  users: [
    {
      name: 'testuser',
      password: 'fakepassword',
      tokens: [token],
      access: [
        { topic: 'private', permission: 'read-write' },
        { topic: 'alerts_*', permission: 'read-only' },
        { topic: 'inbox', permission: 'write-only' },
      ],
    },
    { name: 'admin', password: 'root', role: 'admin' },
  ],
  everyone: [
    { topic: 'private', permission: 'deny-all' },
    { topic: 'alerts_*', permission: 'deny-all' },
    { topic: 'inbox', permission: 'deny-all' },
  ],
};

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const authQuery = (header: string): string => Buffer.from(header).toString('base64url');

describe('authentication', () => {
  it('encodes the auth query parameter as unpadded base64url of the whole header (docs/protocol.md example)', async () => {
    const header = 'Basic dGVzdHVzZXI6ZmFrZXBhc3N3b3Jk';
    expect(basic('testuser', 'fakepassword')).toBe(header);
    expect(authQuery(header)).toBe('QmFzaWMgZEdWemRIVnpaWEk2Wm1GclpYQmhjM04zYjNKaw');
    const server = await serverForTest({ auth });
    const response = await request(server, '/private/auth?auth=QmFzaWMgZEdWemRIVnpaWEk2Wm1GclpYQmhjM04zYjNKaw');
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"success":true}\n');
  });

  it('accepts Basic, Bearer, and Basic with an empty user name and the token as password', async () => {
    const server = await serverForTest({ auth });
    for (const header of [basic('testuser', 'fakepassword'), `Bearer ${token}`, basic('', token)]) {
      const stream = await openStream(server, '/private/json', { Authorization: header });
      expect(stream.status).toBe(200);
      stream.close();
    }
    expect(server.requests.map((entry) => entry.user)).toEqual(['testuser', 'testuser', 'testuser']);
  });

  it('answers wrong credentials with 401 (40101) and no WWW-Authenticate header', async () => {
    const server = await serverForTest({ auth });
    for (const header of [basic('testuser', 'wrong'), basic('nobody', 'x'), 'Bearer tk_unknown', 'Basic !!!']) {
      const response = await request(server, '/public/json?poll=1', { headers: { Authorization: header } });
      expect(response.status).toBe(401);
      expect(response.headers.has('www-authenticate')).toBe(false);
      expect(response.text).toBe(
        '{"code":40101,"http":401,"error":"unauthorized","link":"https://ntfy.sh/docs/publish/#authentication"}\n',
      );
    }
  });

  it('lets the auth query parameter override the header', async () => {
    const server = await serverForTest({ auth });
    const query = authQuery(basic('testuser', 'fakepassword'));
    const ok = await request(server, `/private/auth?auth=${query}`, { headers: { Authorization: basic('x', 'y') } });
    expect(ok.status).toBe(200);
    const wrong = authQuery(basic('testuser', 'nope'));
    const denied = await request(server, `/private/auth?auth=${wrong}`, {
      headers: { Authorization: basic('testuser', 'fakepassword') },
    });
    expect(denied.status).toBe(401);
  });

  it.each([
    ['padded', Buffer.from('Basic dGVzdA==').toString('base64')],
    ['standard alphabet', 'QmFzaWMg+/8'],
    ['impossible length', 'QmFzaWMgZ'],
  ])('answers a %s auth query value with 500 (50001)', async (_kind, value) => {
    const server = await serverForTest({ auth });
    const response = await request(server, `/private/json?poll=1&auth=${encodeURIComponent(value)}`);
    expect(response.status).toBe(500);
    expect(response.text).toBe('{"code":50001,"http":500,"error":"internal server error"}\n');
  });

  it('generates tokens in ntfy format that authenticate as Bearer', async () => {
    const generated = generateToken();
    expect(generated).toMatch(/^tk_[a-z0-9]{29}$/);
    const server = await serverForTest({ auth: { users: [{ name: 'u', password: 'p', tokens: [generated] }] } });
    expect((await request(server, '/a/auth', { headers: { Authorization: `Bearer ${generated}` } })).status).toBe(200);
  });

  it('ignores credentials entirely when auth is not configured', async () => {
    const server = await serverForTest();
    const response = await request(server, '/any/auth?auth=not+base64', {
      headers: { Authorization: basic('a', 'b') },
    });
    expect(response.status).toBe(200);
  });
});

describe('authorization', () => {
  it('answers anonymous access to a protected topic with 403, not 401', async () => {
    const server = await serverForTest({ auth });
    const response = await request(server, '/private/json?poll=1');
    expect(response.status).toBe(403);
    expect(response.text).toBe(
      '{"code":40301,"http":403,"error":"forbidden","link":"https://ntfy.sh/docs/publish/#authentication"}\n',
    );
  });

  it('needs every topic of a list to be readable, and /auth tells which one is not', async () => {
    const server = await serverForTest({ auth });
    const headers = { Authorization: basic('testuser', 'fakepassword') };
    expect((await request(server, '/private,inbox/json?poll=1', { headers })).status).toBe(403);
    expect((await request(server, '/private,public/json?poll=1', { headers })).status).toBe(200);
    expect((await request(server, '/private/auth', { headers })).status).toBe(200);
    expect((await request(server, '/inbox/auth', { headers })).status).toBe(403);
  });

  it('applies wildcard rules, read-only and write-only permissions, and admin rights', async () => {
    const server = await serverForTest({ auth });
    const user = { Authorization: basic('testuser', 'fakepassword') };
    expect((await request(server, '/alerts_disk/auth', { headers: user })).status).toBe(200);
    expect((await request(server, '/alerts_disk', { method: 'POST', body: 'x', headers: user })).status).toBe(403);
    expect((await request(server, '/inbox', { method: 'POST', body: 'x', headers: user })).status).toBe(200);
    expect((await request(server, '/alerts_disk/auth')).status).toBe(403);
    expect((await request(server, '/public/auth')).status).toBe(200);
    const admin = { Authorization: basic('admin', 'root') };
    expect((await request(server, '/private,inbox,alerts_x/auth', { headers: admin })).status).toBe(200);
  });

  it('denies everything to anonymous users with defaultAccess deny-all', async () => {
    const server = await serverForTest({ auth: { ...auth, defaultAccess: 'deny-all' } });
    expect((await request(server, '/public/json?poll=1')).status).toBe(403);
    expect((await request(server, '/public', { method: 'PUT', body: 'x' })).status).toBe(403);
  });

  it('answers WebSocket upgrade errors with a bare status and no body', async () => {
    const server = await serverForTest({ auth });
    const forbidden = await openWs(server, '/private/ws');
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers['content-length']).toBe('0');
    expect(forbidden.body.length).toBe(0);
    const unauthorized = await openWs(server, '/private/ws', { headers: { Authorization: basic('testuser', 'bad') } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body.length).toBe(0);
    const ok = await openWs(server, `/private/ws?auth=${authQuery(basic('testuser', 'fakepassword'))}`);
    expect(ok.status).toBe(101);
  });
});

describe('failed-login lockout', () => {
  it('answers 429 (42909) to requests with credentials after N failures, until the allowance recovers', async () => {
    // The allowance counts on the auth clock, moved by the test: no real time has to pass, or not pass, in between.
    let nowMs = Date.now();
    const server = await serverForTest({
      auth: { ...auth, now: () => nowMs },
      authFailureLimit: 3,
      authFailureLockoutMs: 60_000,
    });
    const wrong = { Authorization: basic('testuser', 'wrong') };
    const right = { Authorization: basic('testuser', 'fakepassword') };
    for (let i = 0; i < 3; i++) expect((await request(server, '/public/auth', { headers: wrong })).status).toBe(401);
    const locked = await request(server, '/public/auth', { headers: right });
    expect(locked.status).toBe(429);
    expect(JSON.parse(locked.text)).toMatchObject({ code: 42909, http: 429 });
    // Requests without credentials are not affected.
    expect((await request(server, '/public/auth')).status).toBe(200);
    // One allowance comes back per lockout period; requests with credentials meanwhile do not extend it.
    nowMs += 59_999;
    expect((await request(server, '/public/auth', { headers: right })).status).toBe(429);
    nowMs += 1;
    expect((await request(server, '/public/auth', { headers: right })).status).toBe(200);
  });
});
