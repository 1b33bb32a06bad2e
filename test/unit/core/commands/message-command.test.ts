import { describe, expect, it } from 'vitest';
import { commandEnvironment } from '../../../../main/core/commands/command-environment.ts';
import { shellInvocation } from '../../../../main/core/commands/message-command.ts';
import { makeMessage } from '../../../support/messages.ts';

describe('commandEnvironment', () => {
  const message = makeMessage({
    id: 'abc123',
    time: 1_700_000_000,
    topic: 'alerts',
    message: 'disk $(rm -rf ~) full',
    title: 'Backup',
    priority: 5,
    tags: ['warning', 'skull'],
    raw: { id: 'abc123', event: 'message', priority: 5 },
    rawText: '{"id":"abc123","event":"message","message":"\\u003cb\\u003e","priority":5}',
  });

  it("sets ntfy's variables and every alias of them (cmd/subscribe.go envVars)", () => {
    const { env, cut } = commandEnvironment(message, {}, 'linux');
    expect(cut).toEqual([]);
    expect(env).toEqual({
      NTFY_ID: 'abc123',
      id: 'abc123',
      NTFY_TOPIC: 'alerts',
      topic: 'alerts',
      NTFY_TIME: '1700000000',
      time: '1700000000',
      NTFY_MESSAGE: 'disk $(rm -rf ~) full',
      message: 'disk $(rm -rf ~) full',
      m: 'disk $(rm -rf ~) full',
      NTFY_TITLE: 'Backup',
      title: 'Backup',
      t: 'Backup',
      NTFY_PRIORITY: '5',
      priority: '5',
      prio: '5',
      p: '5',
      NTFY_TAGS: 'warning,skull',
      tags: 'warning,skull',
      tag: 'warning,skull',
      ta: 'warning,skull',
      NTFY_RAW: '{"id":"abc123","event":"message","message":"\\u003cb\\u003e","priority":5}',
      raw: '{"id":"abc123","event":"message","message":"\\u003cb\\u003e","priority":5}',
    });
  });

  it('sets $NTFY_PRIORITY=0 for a message the server sent without a priority, as ntfy does (Go int zero)', () => {
    const withoutPriority = makeMessage({ priority: 3, raw: { id: 'x', event: 'message' } });
    expect(commandEnvironment(withoutPriority, {}, 'linux').env['NTFY_PRIORITY']).toBe('0');
    const explicitThree = makeMessage({ priority: 3, raw: { id: 'x', event: 'message', priority: 3 } });
    expect(commandEnvironment(explicitThree, {}, 'linux').env['p']).toBe('3');
  });

  it('gives $NTFY_RAW as the message object written out when its text is unknown (a message from history)', () => {
    const { env } = commandEnvironment(
      makeMessage({ raw: { id: 'x', event: 'message', message: '<b>' } }),
      {},
      'linux',
    );
    expect(env['NTFY_RAW']).toBe('{"id":"x","event":"message","message":"<b>"}');
  });

  it("keeps the CLI's own environment, with the message's variables over it", () => {
    const { env } = commandEnvironment(message, { PATH: '/usr/bin', t: 'mine', UNSET: undefined }, 'linux');
    expect(env['PATH']).toBe('/usr/bin');
    expect(env['t']).toBe('Backup');
    expect('UNSET' in env).toBe(false);
  });

  it('gives an empty title when there is none, and leaves out U+0000, which an environment cannot hold', () => {
    const { env } = commandEnvironment(makeMessage({ message: 'a\u0000b' }), {}, 'linux');
    expect(env['t']).toBe('');
    expect(env['m']).toBe('ab');
  });
});

describe('shellInvocation', () => {
  it('gives the command to sh -c on Unix, as one argument', () => {
    expect(shellInvocation('echo "$m" | wc -c', 'linux', {})).toEqual({
      file: '/bin/sh',
      args: ['-c', 'echo "$m" | wc -c'],
      windowsVerbatimArguments: false,
    });
    expect(shellInvocation('x', 'darwin', {}).file).toBe('/bin/sh');
  });

  it('gives it to %ComSpec% /d /s /c on Windows, unquoted by Node', () => {
    expect(shellInvocation('echo %m%', 'win32', { ComSpec: 'C:\\Windows\\system32\\cmd.exe' })).toEqual({
      file: 'C:\\Windows\\system32\\cmd.exe',
      args: ['/d', '/s', '/c', '"echo %m%"'],
      windowsVerbatimArguments: true,
    });
    expect(shellInvocation('x', 'win32', {}).file).toBe('cmd.exe');
  });
});
