import { describe, expect, it } from 'vitest';
import { describeStatus, formatChangeJson, formatChangeLine } from '../../../../main/core/cli/output.ts';
import type { ConnectionState, ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import type { NtfyMessageChange } from '../../../../main/core/protocol/types.ts';

// As a newer server sends it (docs/protocol.md#message-json): a new id, the target's sequence_id, no message.
const RAW = {
  id: 'xE73Iyuabi12',
  sequence_id: 'deploy-42',
  time: 1_700_000_000,
  event: 'message_delete',
  topic: 'ops',
};

function change(kind: NtfyMessageChange['kind']): NtfyMessageChange {
  return {
    kind,
    id: RAW.id,
    sequenceId: RAW.sequence_id,
    time: RAW.time,
    topic: RAW.topic,
    raw: { ...RAW, event: kind },
  };
}

describe('message_delete / message_clear output', () => {
  it('--json prints the event as received, on one line', () => {
    const line = formatChangeJson(change('message_delete'));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual(RAW);
  });

  it('keeps fields this client does not know (a script may need them)', () => {
    const withExtra: NtfyMessageChange = { ...change('message_clear'), raw: { ...RAW, event: 'message_clear', x: 1 } };
    expect(JSON.parse(formatChangeJson(withExtra))).toEqual({ ...RAW, event: 'message_clear', x: 1 });
  });

  it('the readable line says which message was deleted or cleared', () => {
    expect(formatChangeLine(change('message_delete'))).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ops deleted message deploy-42\n$/,
    );
    expect(formatChangeLine(change('message_clear'))).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ops cleared message deploy-42\n$/,
    );
  });
});

function status(state: ConnectionState): ConnectionStatus {
  return {
    key: 'k',
    server: 'https://ntfy.example.com',
    transport: 'ws',
    topics: ['ops'],
    forbiddenTopics: [],
    state,
    counters: { reconnects: 0, messages: 0 },
  };
}

describe('status lines on stderr', () => {
  it('hide an auth= value that a network error quotes from the request URL', () => {
    const reason = 'connect failed: wss://ntfy.example.com/ops/ws?since=all&auth=QmFzaWMgYWxpY2U6aHVudGVyMg';
    expect(
      describeStatus(
        status({ kind: 'backoff', nextAttemptAt: 2000, reason, trouble: { kind: 'network', failure: 'unknown' } }),
        0,
      ),
    ).toBe(
      'reconnecting in 2 s: https://ntfy.example.com/ops (ws): connect failed: wss://ntfy.example.com/ops/ws?since=all&auth=[hidden]',
    );
    expect(
      describeStatus(status({ kind: 'error', message: 'refused Bearer tk_abcdefghijklmnopqrstuvwxyz123' }), 0),
    ).toBe('error: https://ntfy.example.com/ops (ws): refused Bearer [hidden]');
  });

  it('name a thousand topics by the first few and a count, and cut a long URL a reason quotes', () => {
    const topics = Array.from({ length: 1000 }, (_, index) => `topic-${String(index).padStart(4, '0')}`);
    const url = `wss://ntfy.example.com/${topics.join(',')}/ws?since=all`;
    const many = { ...status({ kind: 'open', since: 0 }), topics, forbiddenTopics: topics.slice(0, 200) };
    const connected = describeStatus(many, 0) ?? '';
    expect(connected).toBe(
      'connected: https://ntfy.example.com/topic-0000,topic-0001,topic-0002,topic-0003,topic-0004 and 995 more (ws); ' +
        'no permission, skipped: topic-0000,topic-0001,topic-0002,topic-0003,topic-0004 and 195 more',
    );
    const failed = describeStatus({ ...many, state: { kind: 'error', message: `refused: ${url}` } }, 0) ?? '';
    expect(failed).toMatch(
      /^error: https:\/\/ntfy\.example\.com\/topic-0000,.* and 995 more \(ws\): refused: wss:\/\/\S{80,100}…$/,
    );
    expect(failed.length).toBeLessThan(300);
  });
});
