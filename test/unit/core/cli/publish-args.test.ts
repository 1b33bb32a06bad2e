/** `ntfy-tray publish` argument errors, in English and in German; names and values stay as typed. */
import { afterEach, describe, expect, it } from 'vitest';
import { parsePublishArgs } from '../../../../main/core/cli/publish-args.ts';
import { setLocale } from '../../../../common/i18n/translate.ts';

afterEach(() => {
  setLocale(['en-US']);
});

function usageError(args: readonly string[]): string {
  const result = parsePublishArgs(args, {});
  if (result.ok !== false) throw new Error(`expected a usage error, got ${JSON.stringify(result)}`);
  return result.error;
}

const CASES: readonly (readonly [string, readonly string[], string, string])[] = [
  [
    'one option under two names',
    ['--tags', 'a', '--tag', 'b', 'alerts', 'hi'],
    '--tags and --tag mean the same: give one',
    '--tags und --tag bedeuten dasselbe: geben Sie nur eine davon an',
  ],
  [
    'one option under three names',
    ['--delay', '1m', '--at', '2m', '--in', '3m', 'alerts', 'hi'],
    '--delay, --at, and --in mean the same: give one',
    '--delay, --at und --in bedeuten dasselbe: geben Sie nur eine davon an',
  ],
  [
    'an unknown priority',
    ['--priority', 'loud', 'alerts', 'hi'],
    '--priority loud: use 1-5 or min, low, default, high, urgent',
    '--priority loud: verwenden Sie 1-5 oder min, low, default, high, urgent',
  ],
  [
    '--filename without --attach',
    ['--filename', 'f.zip', 'alerts', 'hi'],
    '--filename names an attachment given with --attach <url> or --file <path> (a file piped in is named after its type)',
    '--filename benennt einen mit --attach <url> oder --file <Pfad> angegebenen Anhang (eine über stdin gelesene Datei wird nach ihrem Typ benannt)',
  ],
  [
    '--file with --attach',
    ['--file', 'a.jpg', '--attach', 'https://x.test/b.jpg', 'alerts'],
    '--file uploads a file and --attach links one: give one of them',
    '--file lädt eine Datei hoch und --attach verlinkt eine: geben Sie nur eines davon an',
  ],
];

describe('publish arguments', () => {
  it.each(CASES)('refuses %s', (_name, args, english) => {
    expect(usageError(args)).toBe(english);
  });

  it.each(CASES)('refuses %s in German', (_name, args, _english, german) => {
    setLocale(['de-DE']);

    expect(usageError(args)).toBe(german);
  });

  it('puts the action problem after the option name', () => {
    setLocale(['de-DE']);

    expect(usageError(['--actions', 'frobnicate, Open, https://x', 'alerts', 'hi'])).toMatch(/^--actions: \S/);
  });
});

describe('publish arguments as ntfy names them', () => {
  function plan(args: readonly string[]) {
    const result = parsePublishArgs(args, {});
    if (result.ok !== true) throw new Error(`expected a plan, got ${JSON.stringify(result)}`);
    return result.value;
  }

  it('reads -f/--file and -q/--quiet; with a file the message comes only from the words', () => {
    expect(plan(['-f', 'flower.jpg', '-q', 'flowers', 'Nice!'])).toMatchObject({
      file: 'flower.jpg',
      quiet: true,
      messageFromStdin: false,
      input: { topic: 'flowers', message: 'Nice!' },
    });
    expect(plan(['--file=-', '--quiet', '--name', 'a.jpg', 'flowers'])).toMatchObject({
      file: '-',
      quiet: true,
      messageFromStdin: false,
      input: { filename: 'a.jpg' },
    });
    expect(plan(['flowers'])).toMatchObject({ quiet: false, messageFromStdin: true });
  });
});

describe('--wait-pid and --wait-cmd as ntfy reads them', () => {
  function plan(args: readonly string[]) {
    const result = parsePublishArgs(args, {});
    if (result.ok !== true) throw new Error(`expected a plan, got ${JSON.stringify(result)}`);
    return result.value;
  }

  it('takes everything after the topic as the command, its own options included', () => {
    expect(plan(['--wait-cmd', '-t', 'Backup', 'backups', 'rsync', '-av', '--delete', './', '/tmp/a'])).toMatchObject({
      wait: { kind: 'command', command: ['rsync', '-av', '--delete', './', '/tmp/a'] },
      messageFromStdin: true,
      input: { topic: 'backups', title: 'Backup' },
    });
    expect(plan(['--done', '-m', 'finished', 'backups', 'make'])).toMatchObject({
      wait: { kind: 'command', command: ['make'] },
      input: { message: 'finished' },
    });
  });

  it('reads --wait-pid and its aliases as a process id', () => {
    expect(plan(['--wait-pid', '1234', 'alerts'])).toMatchObject({ wait: { kind: 'pid', pid: 1234 } });
    expect(plan(['alerts', '--pid=42'])).toMatchObject({ wait: { kind: 'pid', pid: 42 } });
  });

  it.each([
    [['--wait-pid', 'abc', 'alerts'], '--wait-pid abc: give a process id (a whole number above 0)'],
    [['--wait-pid', '0', 'alerts'], '--wait-pid 0: give a process id (a whole number above 0)'],
    [['--wait-pid', '1', '--wait-cmd', 'alerts', 'make'], '--wait-pid and --wait-cmd: give one of them'],
    [
      ['--wait-cmd', 'alerts'],
      '--wait-cmd needs a command after the topic: ntfy-tray publish --wait-cmd <topic> <command...>',
    ],
    [
      ['alerts', '--wait-cmd', 'make'],
      '--wait-cmd runs the words after the topic: put it before the topic (ntfy-tray publish --wait-cmd <topic> <command...>)',
    ],
  ])('refuses %j', (args, error) => {
    expect(usageError(args)).toBe(error);
  });
});
