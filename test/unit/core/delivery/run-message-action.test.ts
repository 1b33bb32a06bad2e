import { describe, expect, it } from 'vitest';
import type { HttpActionResult } from '../../../../main/core/delivery/http-action.ts';
import type { NotificationAction } from '../../../../main/core/delivery/notification-content.ts';
import { type MessageActionOptions, runMessageAction } from '../../../../main/core/delivery/run-message-action.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';

type HttpAction = Extract<NotificationAction, { kind: 'http' }>;

function recordingOs(options: { clipboard?: boolean; http?: HttpActionResult } = {}) {
  const opened: string[] = [];
  const copied: string[] = [];
  const requests: HttpAction[] = [];
  const allowInternal: boolean[] = [];
  const log = createRecordingLogger();
  const actionOptions: MessageActionOptions = {
    openExternal: (url: string) => {
      opened.push(url);
      return Promise.resolve();
    },
    copyText: options.clipboard === false ? undefined : (text: string) => void copied.push(text),
    runHttpAction: (action: HttpAction, runOptions) => {
      requests.push(action);
      allowInternal.push(runOptions.allowInternal);
      return Promise.resolve(options.http ?? { ok: true, status: 200, message: 'POST api.example.com done: HTTP 200' });
    },
    log,
  };
  return { opened, copied, requests, allowInternal, log, options: actionOptions };
}

/** Pressed on a message of another server than the actions' hosts, not confirmed. */
const CONTEXT = { server: 'https://ntfy.example.com', confirmedInternal: false };

const view = (url: string): NotificationAction => ({ kind: 'view', id: 'v', label: 'Open', url, clear: false });
const http: HttpAction = {
  kind: 'http',
  id: 'h',
  label: 'Close door',
  url: 'https://api.example.com/door',
  method: 'POST',
  headers: {},
  clear: false,
};

describe('runMessageAction', () => {
  it('opens an allowed view URL', async () => {
    const os = recordingOs();
    expect(await runMessageAction(view('https://example.com/a'), os.options, CONTEXT)).toEqual({
      kind: 'opened',
      url: 'https://example.com/a',
    });
    expect(os.opened).toEqual(['https://example.com/a']);
  });

  it('refuses a view URL outside the allowlist, opens nothing and logs why', async () => {
    const os = recordingOs();
    const outcome = await runMessageAction(view('file:///etc/passwd'), os.options, CONTEXT);
    expect(outcome).toMatchObject({ kind: 'refused' });
    expect(os.opened).toEqual([]);
    expect(os.log.entries).toMatchObject([{ level: 'warn', message: 'refused to open a URL from a message' }]);
  });

  it('copies a value, and refuses where there is no clipboard', async () => {
    const copy: NotificationAction = { kind: 'copy', id: 'c', label: 'Copy code', value: '123456', clear: false };
    const os = recordingOs();
    expect(await runMessageAction(copy, os.options, CONTEXT)).toEqual({ kind: 'copied' });
    expect(os.copied).toEqual(['123456']);
    const headless = recordingOs({ clipboard: false });
    expect(await runMessageAction(copy, headless.options, CONTEXT)).toMatchObject({ kind: 'refused' });
  });

  it("runs an http action and shows the runner's words as they are, without the label again", async () => {
    const answered = 'POST api.example.com done: the server answered HTTP 204';
    const os = recordingOs({ http: { ok: true, status: 204, message: answered } });
    expect(await runMessageAction(http, os.options, CONTEXT)).toEqual({
      kind: 'http',
      ok: true,
      status: 204,
      message: answered,
    });
    expect(os.requests).toEqual([http]);
    const failed = 'POST api.example.com failed: the server answered HTTP 500';
    const failing = recordingOs({ http: { ok: false, status: 500, message: failed } });
    expect(await runMessageAction(http, failing.options, CONTEXT)).toEqual({
      kind: 'http',
      ok: false,
      status: 500,
      message: failed,
    });
  });

  it('refuses an http action whose URL is not http(s), sends nothing and logs why', async () => {
    const os = recordingOs();
    const outcome = await runMessageAction({ ...http, url: 'file:///etc/passwd' }, os.options, CONTEXT);
    expect(outcome).toEqual({ kind: 'refused', reason: 'scheme file: is not allowed' });
    expect(os.requests).toEqual([]);
    expect(os.log.entries).toMatchObject([{ level: 'warn', message: 'refused an http action from a message' }]);
  });

  describe('an http action to this computer or its network', () => {
    const lan: HttpAction = { ...http, url: 'http://192.168.1.10:8080/restart' };
    const needsConfirmation: HttpActionResult = {
      ok: false,
      message: 'POST 192.168.1.10:8080 not sent',
      confirm: { method: 'POST', host: '192.168.1.10:8080' },
    };

    it('lets the runner refuse internal addresses until the user confirmed, and answers confirm', async () => {
      const os = recordingOs({ http: needsConfirmation });
      expect(await runMessageAction(lan, os.options, CONTEXT)).toEqual({
        kind: 'confirm',
        method: 'POST',
        host: '192.168.1.10:8080',
        message: 'POST 192.168.1.10:8080 not sent',
      });
      const confirmed = recordingOs();
      await runMessageAction(lan, confirmed.options, { ...CONTEXT, confirmedInternal: true });
      expect([os.allowInternal, confirmed.allowInternal]).toEqual([[false], [true]]);
    });

    it("needs no confirmation on the subscription's own server (same scheme, host and port) only", async () => {
      const os = recordingOs();
      const server = 'http://192.168.1.10:8080';
      await runMessageAction(lan, os.options, { server, confirmedInternal: false });
      await runMessageAction(lan, os.options, { server: `${server}/`, confirmedInternal: false });
      await runMessageAction(lan, os.options, { server: 'http://192.168.1.10:8081', confirmedInternal: false });
      await runMessageAction(lan, os.options, { server: 'https://192.168.1.10:8080', confirmedInternal: false });
      expect(os.allowInternal).toEqual([true, true, false, false]);
    });
  });
});
