import { once } from 'node:events';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { OutputClosedError } from '../../../../main/core/cli/output-sink.ts';
import { createStreamSink } from '../../../../main/core/cli/stream-sink.ts';

/** A Writable whose consumer takes each chunk only when the test says so. */
function controlledWritable(highWaterMark: number) {
  const pending: (() => void)[] = [];
  const taken: string[] = [];
  const stream = new Writable({
    highWaterMark,
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      pending.push(() => {
        taken.push(chunk);
        callback();
      });
    },
  });
  return {
    stream,
    taken,
    /** Lets the consumer take the chunk it is writing, then lets Node run what that triggers. */
    async takeNext(): Promise<void> {
      const next = pending.shift();
      if (next === undefined) throw new Error('nothing is being written');
      next();
      await settled();
    },
  };
}

/** One turn of the event loop: callbacks, 'drain' and promise reactions queued so far have run. */
function settled(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function track(promise: Promise<unknown>): { done: () => boolean; error: () => unknown } {
  let done = false;
  let error: unknown;
  promise.then(
    () => (done = true),
    (reason: unknown) => {
      done = true;
      error = reason;
    },
  );
  return { done: () => done, error: () => error };
}

function errorWithCode(code: string): Error {
  return Object.assign(new Error(`write ${code}`), { code });
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.close();
    await once(server, 'close');
  }
});

/** A connected 127.0.0.1 socket pair: `writer` is what the sink writes to, `reader` the far end. */
async function socketPair(): Promise<{ writer: Socket; reader: Socket }> {
  const server = createServer();
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const writer = connect(address.port, '127.0.0.1');
  await once(writer, 'connect');
  const [reader] = await accepted;
  return { writer, reader };
}

describe('createStreamSink', () => {
  it('resolves a write only once the consumer has taken the chunk', async () => {
    const output = controlledWritable(1024);
    const sink = createStreamSink(output.stream);
    const write = track(sink.write('one\n'));
    await settled();
    expect(write.done()).toBe(false);
    await output.takeNext();
    expect(write.done()).toBe(true);
    expect(output.taken).toEqual(['one\n']);
  });

  it('keeps a written chunk pending while a drain is due, so the producer runs at the reader’s pace', async () => {
    const output = controlledWritable(8);
    const sink = createStreamSink(output.stream);
    const first = track(sink.write('aaaa'));
    const second = track(sink.write('bbbbbbbb')); // 12 bytes queued: over the 8-byte mark, a drain is due
    await output.takeNext();
    expect(output.taken).toEqual(['aaaa']);
    expect(first.done()).toBe(false); // handed over, but the stream has no room yet
    await output.takeNext();
    expect(first.done()).toBe(true);
    expect(second.done()).toBe(true);
    expect(first.error()).toBeUndefined();
  });

  it('flush waits until every queued chunk has been taken, also chunks written past the sink', async () => {
    const output = controlledWritable(1024);
    const sink = createStreamSink(output.stream);
    const write = track(sink.write('a'));
    output.stream.write('b');
    const flushed = track(sink.flush());
    await output.takeNext();
    expect(write.done()).toBe(true);
    expect(flushed.done()).toBe(false);
    await output.takeNext();
    expect(flushed.done()).toBe(false);
    await output.takeNext(); // the flush's own empty barrier write
    expect(flushed.done()).toBe(true);
    expect(output.taken.join('')).toBe('ab');
  });

  it('treats EPIPE as the reader going away: closed resolves, writes reject with OutputClosedError, flush resolves', async () => {
    const output = controlledWritable(1024);
    const sink = createStreamSink(output.stream);
    const pending = sink.write('lost');
    output.stream.destroy(errorWithCode('EPIPE'));
    await expect(pending).rejects.toBeInstanceOf(OutputClosedError);
    await sink.closed;
    await expect(sink.write('later')).rejects.toBeInstanceOf(OutputClosedError);
    await expect(sink.flush()).resolves.toBeUndefined();
  });

  it('passes on other stream errors instead of calling them a closed reader', async () => {
    const output = controlledWritable(1024);
    const sink = createStreamSink(output.stream);
    const pending = sink.write('x');
    output.stream.destroy(errorWithCode('ENOSPC'));
    await expect(pending).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(sink.flush()).rejects.toMatchObject({ code: 'ENOSPC' });
    const closed = track(sink.closed);
    await settled();
    expect(closed.done()).toBe(false);
  });

  it('on a real socket whose reader has gone: closed resolves and writes reject, without an uncaught error', async () => {
    const { writer, reader } = await socketPair();
    const sink = createStreamSink(writer);
    await sink.write('first\n');
    reader.destroy();
    await once(reader, 'close');
    // The kernel may accept a write or two before it reports the broken connection.
    let rejection: unknown;
    for (let written = 0; rejection === undefined && written < 1000; written += 1) {
      await sink.write('more\n').catch((error: unknown) => (rejection = error));
    }
    expect(rejection).toBeInstanceOf(OutputClosedError);
    await sink.closed;
    await expect(sink.flush()).resolves.toBeUndefined();
  });

  it('on a real socket with a paused reader: flush resolves only after the reader has taken everything', async () => {
    const { writer, reader } = await socketPair();
    reader.pause();
    const sink = createStreamSink(writer);
    const chunk = 'x'.repeat(64 * 1024);
    const total = 64; // 4 MiB: more than the kernel buffers of both ends hold
    const failures: unknown[] = [];
    for (let index = 0; index < total; index += 1) sink.write(chunk).catch((error: unknown) => failures.push(error));
    const flushed = track(sink.flush());
    await settled();
    expect(flushed.done()).toBe(false);
    let received = 0;
    reader.on('data', (data: Buffer) => (received += data.length));
    reader.resume();
    await sink.flush();
    writer.end();
    await once(reader, 'end');
    expect(received).toBe(total * chunk.length);
    expect(flushed.done()).toBe(true);
    expect(failures).toEqual([]);
  });
});
