import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../bench/e2e-ipc.ts';
import { ArrivalLog, sseToJsonLines } from '../../../bench/e2e-lines.ts';

function line(id: string, body: string): string {
  return `${JSON.stringify({ id, time: 1, event: 'message', topic: 't', message: body })}\n`;
}

describe('ArrivalLog', () => {
  it('stamps each line with the arrival time of the chunk that completed it', () => {
    const log = new ArrivalLog();
    const second = line('b', 'burst 1 20.5');
    log.feed(line('a', 'burst 0 10.25') + second.slice(0, 15), 100);
    log.feed(second.slice(15), 200);
    expect(log.arrivals).toEqual([
      { id: 'a', label: 'burst', seq: 0, publishedAt: 10.25, at: 100 },
      { id: 'b', label: 'burst', seq: 1, publishedAt: 20.5, at: 200 },
    ]);
  });

  it('reads SSE data lines and ignores open events, keepalives and blank lines', () => {
    const log = new ArrivalLog();
    const open = JSON.stringify({ id: 'o', time: 1, event: 'open', topic: 't' });
    log.feed(`event: open\ndata: ${open}\n\ndata: ${line('a', 'latency 3 7').trimEnd()}\n\n`, 5);
    expect(log.arrivals.map((a) => a.id)).toEqual(['a']);
    expect(log.unreadableLines).toBe(1); // the `event: open` line is not an event of ours
  });

  it('counts lines it cannot read instead of dropping them unseen', () => {
    const log = new ArrivalLog();
    log.feed(`not json\n${line('x', 'hello from elsewhere')}${line('y', 'burst notanumber 1')}`, 1);
    expect(log.arrivals).toEqual([]);
    expect(log.unreadableLines).toBe(3);
  });

  it('reads a padded body (the stalled reader) and refuses padding that is not padding', () => {
    const log = new ArrivalLog();
    const padded = messageBody('stalled', 7, 12.5, 3900);
    expect(padded).toHaveLength('stalled 7 12.5 '.length + 3900);
    log.feed(line('p', padded) + line('q', 'stalled 8 12.5 xxyx') + line('r', 'stalled 9 12.5 xx xx'), 20);
    expect(log.arrivals).toEqual([{ id: 'p', label: 'stalled', seq: 7, publishedAt: 12.5, at: 20 }]);
    expect(log.unreadableLines).toBe(2);
  });

  it('resolves waitFor once enough different messages of the label arrived; a duplicate counts once', async () => {
    const log = new ArrivalLog();
    let done = false;
    const waiting = log.waitFor('burst', 2).then(() => {
      done = true;
    });
    log.feed(line('a', 'burst 0 1') + line('a', 'burst 0 1') + line('w', 'warm-up 1 1'), 1);
    await Promise.resolve();
    expect(done).toBe(false);
    expect(log.distinct('burst')).toBe(1);
    log.feed(line('b', 'burst 1 1'), 2);
    await waiting;
    expect(done).toBe(true);
  });
});

describe('sseToJsonLines', () => {
  it('turns SSE frames into one JSON line per event', () => {
    const text = 'event: open\ndata: {"event":"open"}\n\ndata: {"event":"message"}\n\ndata: {"n":2}\n\n';
    expect(sseToJsonLines(text)).toBe('{"event":"open"}\n{"event":"message"}\n{"n":2}\n');
  });
});
