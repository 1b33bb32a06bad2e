/**
 * Where the CLI's messages go (stdout). In the CLI stdout is the sink that counts: a message is delivered once its
 * write has completed, and only then may the cursor move past it. A reader that stops reading must slow us down
 * (backpressure), not grow our memory.
 */
export interface OutputSink {
  /**
   * Resolves once the text has been handed to the operating system (the stream's write callback) and the stream
   * has room again (no pending 'drain'). Rejects with OutputClosedError when the reader has gone (EPIPE).
   */
  write(text: string): Promise<void>;
  /** Resolves when the reader has gone (EPIPE, closed pipe): the command should stop quietly. */
  readonly closed: Promise<void>;
  /** Resolves once everything written so far has left the process (or the reader has gone). */
  flush(): Promise<void>;
}

/** The reader of our stdout has gone (e.g. `| head -1` exited): not an error of ours. */
export class OutputClosedError extends Error {
  constructor(cause?: unknown) {
    super('the output was closed by its reader', cause === undefined ? undefined : { cause });
    this.name = 'OutputClosedError';
  }
}
