import { describe, expect, it } from 'vitest';
import { parseHeapProbe } from '../../../bench/e2e-heap.ts';

describe('parseHeapProbe', () => {
  it('reads the probe line among the CLI’s own stderr lines', () => {
    const text = 'connected to http://127.0.0.1:1\nheap-probe {"heapUsed":10,"external":5,"arrayBuffers":2}\nmore\n';
    expect(parseHeapProbe(text)).toEqual({ heapUsed: 10, external: 5, arrayBuffers: 2 });
  });

  it('waits for the end of the line before reading it', () => {
    expect(parseHeapProbe('heap-probe {"heapUsed":10,"exter')).toBeUndefined();
    expect(parseHeapProbe('no probe here\n')).toBeUndefined();
  });

  it('passes on the probe’s own error and refuses a line it cannot read', () => {
    expect(parseHeapProbe('heap-probe {"error":"start node with --expose-gc"}\n')).toEqual({
      error: 'start node with --expose-gc',
    });
    expect(parseHeapProbe('heap-probe {"heapUsed":"10"}\n')).toEqual({ error: 'unreadable probe line' });
    expect(parseHeapProbe('heap-probe {oops\n')).toEqual({ error: 'unreadable probe line' });
  });
});
