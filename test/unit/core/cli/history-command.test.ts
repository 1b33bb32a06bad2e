import { describe, expect, it } from 'vitest';
import { type HistoryIo, runHistory } from '../../../../main/core/cli/history-command.ts';
import { HistoryNotFoundError } from '../../../../main/core/store/history/open-database.ts';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly opened: { dataDir: string | undefined; options: unknown }[];
}

async function run(args: readonly string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const opened: Run['opened'] = [];
  const io: HistoryIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    openHistory: (dataDir, options) => {
      opened.push({ dataDir, options });
      return Promise.reject(new HistoryNotFoundError(dataDir ?? '<default>'));
    },
  };
  const code = await runHistory(args, io);
  return { code, stdout, stderr, opened };
}

describe('ntfy-tray history', () => {
  it('opens the history read-only, in the given data dir', async () => {
    const { opened } = await run(['--data-dir', '/srv/ntfy']);
    expect(opened).toEqual([{ dataDir: '/srv/ntfy', options: { readOnly: true } }]);
  });

  it('says there is no history (exit 1) instead of failing with a stack or an empty success', async () => {
    const { code, stdout, stderr } = await run(['--data-dir', '/srv/ntfy']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('ntfy-tray history: no history in /srv/ntfy (ntfy-tray subscribe stores it there)\n');
  });

  it.each([
    [['--data-dir', ''], /--data-dir is empty/],
    [['--search', ''], /--search is empty/],
    [['--search', '  '], /--search is empty/],
    [['--limit', '0'], /--limit must be a whole number from 1 to 500/],
    [['--limit', '1e2'], /--limit must be a whole number/],
    [['--topic', 'https://ntfy.sh/alerts?since=1h'], /--topic: a topic URL takes no query \(since=…\): use --since/],
    [['--topic', 'https://ntfy.sh/a,b'], /--topic needs one topic/],
  ])('refuses %j with a usage error (exit 2) before opening anything', async (args, message) => {
    const { code, stderr, opened } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(opened).toEqual([]);
  });
});
