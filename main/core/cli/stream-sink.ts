/**
 * An OutputSink over a Node writable stream (the CLI's process.stdout). A pipe or socket on stdout is asynchronous:
 * `stream.write` only queues, so "written" means the write callback ran (the bytes reached the operating system).
 */
import type { Writable } from 'node:stream';
import { OutputClosedError, type OutputSink } from './output-sink.ts';

type SinkStream = NodeJS.WritableStream | Writable;

/**
 * Error codes meaning the reader went away: EPIPE on a pipe, ECONNRESET on the socket pair Node gives a child's
 * stdio, ERR_STREAM_DESTROYED for writes after the stream was torn down because of one of those.
 */
const READER_GONE = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

function isReaderGone(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return typeof error.code === 'string' && READER_GONE.has(error.code);
}

/** Bytes queued in the process and not yet handed to the operating system (0 when the stream cannot tell). */
export function pendingBytes(stream: SinkStream): number {
  return 'writableLength' in stream ? stream.writableLength : 0;
}

/**
 * write() resolves once the stream's write callback ran and no 'drain' is pending, so a producer that awaits it
 * runs at the reader's pace with at most the stream's highWaterMark queued. Once the reader has gone, `closed`
 * resolves and every write (pending or new) rejects with OutputClosedError. Installs the stream's 'error'
 * listener: without one a broken pipe would crash the process.
 */
export function createStreamSink(stream: SinkStream): OutputSink {
  /** Set once the sink can no longer deliver: OutputClosedError when the reader went, else the stream's error. */
  let ended: Error | undefined;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  /** Everyone waiting on a callback or 'drain': told at once when the sink ends (a destroyed stream may not call). */
  const waiters = new Set<(error: Error) => void>();
  let drain: Promise<void> | undefined;

  function end(error: Error): void {
    if (ended !== undefined) return;
    ended = error;
    if (error instanceof OutputClosedError) resolveClosed();
    for (const waiter of waiters) waiter(error);
    waiters.clear();
  }

  function toSinkError(error: Error): Error {
    end(isReaderGone(error) ? new OutputClosedError(error) : error);
    return ended ?? error;
  }

  stream.on('error', (error: Error) => {
    toSinkError(error);
  });
  // A close without an error (the stream was destroyed) also means nothing more can be delivered.
  stream.on('close', () => {
    end(new OutputClosedError());
  });

  /** Runs `start` and settles with it, or rejects as soon as the sink ends. */
  function untilEnded(start: (resolve: () => void, reject: (error: Error) => void) => void): Promise<void> {
    if (ended !== undefined) return Promise.reject(ended);
    return new Promise((resolve, reject) => {
      const abort = (error: Error): void => {
        reject(error);
      };
      waiters.add(abort);
      start(
        () => {
          waiters.delete(abort);
          resolve();
        },
        (error) => {
          waiters.delete(abort);
          reject(error);
        },
      );
    });
  }

  /** Resolves once the stream asks for more ('drain') or the sink has ended; the caller then checks `ended`. */
  function waitForDrain(): Promise<void> {
    return new Promise((resolve) => {
      const settle = (): void => {
        waiters.delete(settle);
        stream.off('drain', settle);
        drain = undefined;
        resolve();
      };
      waiters.add(settle);
      stream.once('drain', settle);
    });
  }

  function writeChunk(text: string): Promise<void> {
    return untilEnded((resolve, reject) => {
      const hasRoom = stream.write(text, (error?: Error | null) => {
        if (error === undefined || error === null) resolve();
        else reject(toSinkError(error));
      });
      if (!hasRoom) drain ??= waitForDrain();
    });
  }

  return {
    closed,
    write: async (text) => {
      await writeChunk(text);
      if (drain !== undefined) await drain;
      if (ended !== undefined) throw ended;
    },
    flush: async () => {
      // An empty write is a barrier: its callback runs once every chunk queued before it has been written. Others
      // may write to the stream directly, so repeat until nothing is queued.
      do {
        try {
          await writeChunk('');
        } catch (error) {
          if (!(error instanceof OutputClosedError)) throw error;
          return; // the reader has gone: nothing left to wait for
        }
      } while (pendingBytes(stream) > 0);
    },
  };
}
