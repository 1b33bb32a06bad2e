/**
 * Asks for a secret on the terminal without echoing it. Only for a real TTY; without one the caller reads the
 * secret from the environment instead (never from an argument, which would land in shell history and `ps`).
 */

interface TtyInput {
  readonly isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

export type PromptResult =
  { readonly ok: true; readonly value: string } | { readonly ok: false; readonly reason: string };

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

export function promptHidden(question: string, input: TtyInput, output: (text: string) => void): Promise<PromptResult> {
  return new Promise((resolve) => {
    let value = '';
    output(question);
    input.setRawMode?.(true);
    input.resume();
    const finish = (result: PromptResult): void => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output('\n');
      resolve(result);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const character of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (ENTER.has(character)) {
          finish({ ok: true, value });
          return;
        }
        if (character === CTRL_C || character === CTRL_D) {
          finish({ ok: false, reason: 'cancelled' });
          return;
        }
        if (BACKSPACE.has(character)) value = value.slice(0, -1);
        else value += character;
      }
    };
    input.on('data', onData);
  });
}
