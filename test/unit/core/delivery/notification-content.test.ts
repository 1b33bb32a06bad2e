import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from '../../../../main/core/delivery/markdown-text.ts';
import { buildNotificationContent, splitTags, urgencyOf } from '../../../../main/core/delivery/notification-content.ts';
import { makeMessage } from '../../../support/messages.ts';

const message = makeMessage;

const context = { server: 'https://ntfy.example.com:8443' };

describe('title', () => {
  it('uses the message title, else the display name, else host/topic', () => {
    expect(buildNotificationContent(message({ title: 'Disk full' }), { ...context, displayName: 'Ops' }).title).toBe(
      'Disk full',
    );
    expect(buildNotificationContent(message({}), { ...context, displayName: 'Ops' }).title).toBe('Ops');
    expect(buildNotificationContent(message({}), context).title).toBe('ntfy.example.com:8443/alerts');
  });

  it('prefixes emoji for tags that map to one and lists the others', () => {
    const content = buildNotificationContent(
      message({ title: 'Backup', tags: ['warning', 'skull', 'nas-01', 'tada'] }),
      context,
    );
    expect(content.title).toBe('⚠️ 💀 🎉 Backup');
    expect(content.body).toBe('body\nTags: nas-01');
    expect(splitTags(['+1', 'constructor', 'toString'])).toEqual({ emoji: ['👍'], other: ['constructor', 'toString'] });
  });
});

describe('urgency', () => {
  it('maps priority 1–2 to low and silent, 3 to normal, 4–5 to critical', () => {
    expect([1, 2, 3, 4, 5].map((p) => urgencyOf(p as 1))).toEqual(['low', 'low', 'normal', 'critical', 'critical']);
    expect(buildNotificationContent(message({ priority: 2 }), context).silent).toBe(true);
    expect(buildNotificationContent(message({ priority: 5 }), context).silent).toBe(false);
  });
});

describe('body', () => {
  it('shows markdown as plain text', () => {
    const content = buildNotificationContent(
      message({
        contentType: 'text/markdown',
        message: '# Build **failed**\n\n- step `test`\n- see [logs](https://ci/1)',
      }),
      context,
    );
    expect(content.body).toBe('Build failed\n\n• step test\n• see logs (https://ci/1)');
  });

  it('does not show base64 bodies as text', () => {
    expect(buildNotificationContent(message({ encoding: 'base64', message: 'AAEC' }), context).body).toBe(
      '(binary message, 3 bytes)',
    );
  });
});

describe('links and actions', () => {
  it('keeps safe click, icon and image URLs and drops unsafe ones', () => {
    const safe = buildNotificationContent(
      message({
        click: 'https://example.com/run/1',
        icon: 'https://example.com/icon.png',
        attachment: { name: 'cam.jpg', url: 'https://example.com/cam.jpg' },
      }),
      context,
    );
    expect(safe).toMatchObject({
      clickUrl: 'https://example.com/run/1',
      iconUrl: 'https://example.com/icon.png',
      imageUrl: 'https://example.com/cam.jpg',
    });
    const unsafe = buildNotificationContent(
      message({
        click: 'javascript:alert(1)',
        icon: 'file:///etc/passwd',
        attachment: { name: 'x.png', url: 'file:///x.png', type: 'image/png' },
      }),
      context,
    );
    expect(unsafe.clickUrl).toBeUndefined();
    expect(unsafe.iconUrl).toBeUndefined();
    expect(unsafe.imageUrl).toBeUndefined();
  });

  it('offers only image attachments as images', () => {
    const pdf = buildNotificationContent(
      message({ attachment: { name: 'r.pdf', url: 'https://e/r.pdf', type: 'application/pdf' } }),
      context,
    );
    expect(pdf.imageUrl).toBeUndefined();
  });

  it('maps view, http and copy actions, defaults http to POST and drops broadcast and unsafe URLs', () => {
    const content = buildNotificationContent(
      message({
        actions: [
          { id: 'v', action: 'view', label: 'Open', clear: false, url: 'https://example.com' },
          { id: 'h', action: 'http', label: 'Ack', clear: true, url: 'https://example.com/ack', headers: { A: 'b' } },
          { id: 'c', action: 'copy', label: 'Copy code', clear: false, value: '123456' },
          { id: 'b', action: 'broadcast', label: 'Android', clear: false },
          { id: 'x', action: 'view', label: 'Evil', clear: false, url: 'file:///etc/passwd' },
        ],
      }),
      context,
    );
    expect(content.actions).toEqual([
      { kind: 'view', id: 'v', label: 'Open', url: 'https://example.com/', clear: false },
      {
        kind: 'http',
        id: 'h',
        label: 'Ack',
        url: 'https://example.com/ack',
        method: 'POST',
        headers: { A: 'b' },
        clear: true,
      },
      // The button says what it copies.
      { kind: 'copy', id: 'c', label: 'Copy code: “123456”', value: '123456', clear: false },
    ]);
  });
});

describe('markdownToPlainText', () => {
  it('keeps words and drops syntax', () => {
    expect(markdownToPlainText('> quoted _emphasis_ and ~~gone~~\n\n---\n\n```sh\nls -l\n```\n![img](u)')).toBe(
      'quoted emphasis and gone\n\nls -l\nimg',
    );
  });

  it("keeps a stranger's bidi overrides and line breaks out of the title and buttons, and overrides out of the body", () => {
    const content = buildNotificationContent(
      makeMessage({
        title: 'invoice\u202efdp.exe\nsecond line',
        message: 'line one\n\u2066isolated\u2069 and \u202eoverride',
        actions: [{ id: 'v', action: 'view', label: 'Open \u202eknil', url: 'https://example.com', clear: false }],
      }),
      { server: 'https://ntfy.example' },
    );
    expect(content.title).toBe('invoicefdp.exe second line');
    expect(content.body).toBe('line one\nisolated and override');
    expect(content.actions.map((action) => action.label)).toEqual(['Open knil']);
  });

  it('shows a long copied value cut short on its button, and copies all of it', () => {
    const value = `${'x'.repeat(60)}\nsecond line`;
    const content = buildNotificationContent(
      makeMessage({ actions: [{ id: 'c', action: 'copy', label: 'Copy', clear: false, value }] }),
      { server: 'https://ntfy.example' },
    );
    expect(content.actions).toMatchObject([{ kind: 'copy', label: `Copy: “${'x'.repeat(39)}…”`, value }]);
  });
});
