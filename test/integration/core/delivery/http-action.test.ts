import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHttpAction } from '../../../../main/core/delivery/http-action.ts';
import type { NotificationAction } from '../../../../main/core/delivery/notification-content.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({
    auth: { users: [], everyone: [{ topic: 'acks', permission: 'read-write' }], defaultAccess: 'read-only' },
  });
});

afterEach(async () => {
  await server.close();
});

function action(
  fields: Partial<Extract<NotificationAction, { kind: 'http' }>>,
): Extract<NotificationAction, { kind: 'http' }> {
  return {
    kind: 'http',
    id: 'a',
    label: 'Ack',
    url: `${server.url}/acks`,
    method: 'POST',
    headers: {},
    clear: false,
    ...fields,
  };
}

describe('runHttpAction', () => {
  it('sends the method, headers and body the publisher gave', async () => {
    const result = await runHttpAction(
      action({ method: 'PUT', headers: { Title: 'Acknowledged' }, body: 'done by alice' }),
    );
    expect(result).toEqual({ ok: true, status: 200 });
    const [published] = server.cachedMessages();
    expect(published).toMatchObject({ topic: 'acks', title: 'Acknowledged', message: 'done by alice' });
    expect(server.requests.at(-1)?.method).toBe('PUT');
  });

  it('reports an error status as a failure naming the action', async () => {
    const result = await runHttpAction(action({ url: `${server.url}/read-only-topic` }));
    expect(result).toEqual({ ok: false, status: 403, message: 'Ack: the server answered HTTP 403' });
  });

  it('gives up after the timeout', async () => {
    server.faults.stall();
    const result = await runHttpAction(action({}), { timeoutMs: 200 });
    expect(result).toEqual({ ok: false, message: 'Ack: no answer within 0.2 s' });
    server.faults.unstall();
  });
});
