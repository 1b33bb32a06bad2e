import { describe, expect, it } from 'vitest';
import { actionAvailability } from '../../../../common/action-availability.ts';
import { createMessageActionRequests } from '../../../../main/core/bridge/message-action-requests.ts';
import type { NotificationAction } from '../../../../main/core/delivery/notification-content.ts';
import type { NtfyAction } from '../../../../main/core/protocol/types.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { makeMessage } from '../../../support/messages.ts';

const SERVER = 'https://ntfy.example.com';
const ref = { server: SERVER, id: 'msg000000001' };

function requestsFor(actions: NtfyAction[]) {
  const opened: string[] = [];
  const sent: NotificationAction[] = [];
  const requests = createMessageActionRequests({
    history: {
      getMessage: (asked) =>
        asked.id === ref.id
          ? { server: SERVER, message: makeMessage({ actions }), receivedAt: 0, read: false }
          : undefined,
    },
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    runHttpAction: (action) => {
      sent.push(action);
      return Promise.resolve({ ok: true, status: 200, message: 'POST x done: the server answered HTTP 200' });
    },
    log: createRecordingLogger(),
    now: () => 0,
  });
  return { requests, opened, sent };
}

describe('runAction refuses what the window disables, with the same reason', () => {
  const refusedActions: NtfyAction[] = [
    { id: 'f', action: 'view', label: 'Open log file', clear: false, url: 'file:///var/log/syslog' },
    { id: 'b', action: 'broadcast', label: 'Take picture', clear: false, extras: { cmd: 'pic' } },
    { id: 'h', action: 'http', label: 'Send', clear: false, url: 'ftp://files.example.com/x' },
  ];

  it.each(refusedActions.map((action, index) => [action.action, action.url ?? '', index] as const))(
    "a %s action %s runs nothing and answers the rule's reason",
    async (_kind, _url, index) => {
      const { requests, opened, sent } = requestsFor(refusedActions);
      const raw = refusedActions[index];
      if (raw === undefined) throw new Error('no such action');
      const rule = actionAvailability({ kind: raw.action, url: raw.url });
      expect(rule.canRun).toBe(false);
      expect(await requests.runAction(ref, index, { confirmedInternal: false })).toEqual({
        ok: false,
        error: { code: 'refused-url', message: rule.canRun ? '' : rule.reason },
      });
      expect(opened).toEqual([]);
      expect(sent).toEqual([]);
    },
  );

  it('runs what the rule allows', async () => {
    const { requests, opened } = requestsFor([
      { id: 'v', action: 'view', label: 'Open', clear: false, url: 'https://example.com/a' },
    ]);
    expect(await requests.runAction(ref, 0, { confirmedInternal: false })).toEqual({
      ok: true,
      value: { kind: 'opened', url: 'https://example.com/a' },
    });
    expect(opened).toEqual(['https://example.com/a']);
  });
});
