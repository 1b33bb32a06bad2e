/**
 * Command-line options of `node test/server/cli.ts`, parsed into TestServerOptions (typed result, no exceptions).
 */
import { parseGoDuration } from './durations.ts';
import type { Permission, TestServerOptions, TestUser, TopicAccessRule } from './types.ts';

export const usage = `Usage: node test/server/cli.ts [options]

  --port N                  port on 127.0.0.1 (default 8080; 0 picks a free one)
  --keepalive DURATION      keepalive / WebSocket ping interval (default 45s)
  --cache DURATION          cache duration, 0 disables the cache (default 12h)
  --delay-check DURATION    how often delayed messages are checked (default 10s)
  --min-delay DURATION      smallest accepted Delay (default 10s)
  --users NAME:PASS ...     enable auth with these users (repeatable; several may follow one flag)
  --admins NAME:PASS ...    like --users, as admins (may read and write everything)
  --token NAME:TOKEN        an access token (tk_ + 29 characters) for a user
  --access NAME:TOPIC:PERM  a rule for a user (PERM: read-write, read-only, write-only, deny-all; TOPIC may use *)
  --everyone TOPIC:PERM     a rule for everyone, anonymous included
  --default-access PERM     access when no rule matches (default read-write)
  --newer-events            enable sequence_id, message_delete and message_clear
  --rate-limit              enable the request limit (60 burst, 1 per 5 s)
  --subscription-limit N    open streams per visitor (default 30)
  --help

DURATION is a Go duration (30s, 10m, 1h30m) or a number of seconds.`;

export type CliParseResult =
  | { readonly ok: true; readonly options: TestServerOptions; readonly help: boolean }
  | { readonly ok: false; readonly error: string };

const permissions: readonly Permission[] = ['read-write', 'read-only', 'write-only', 'deny-all'];

function parseDurationMs(value: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const ms = parseGoDuration(value);
  return ms !== undefined && ms >= 0 ? ms : undefined;
}

function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}

class CliError extends Error {}

interface Builder {
  readonly options: TestServerOptions;
  readonly users: Map<string, TestUser & { tokens: string[]; access: TopicAccessRule[] }>;
  readonly everyone: TopicAccessRule[];
  defaultAccess: Permission | undefined;
  help: boolean;
}

function addUser(builder: Builder, spec: string, role: 'admin' | 'user'): void {
  const colon = spec.indexOf(':');
  if (colon <= 0) throw new CliError(`expected NAME:PASS, got ${JSON.stringify(spec)}`);
  const name = spec.slice(0, colon);
  builder.users.set(name, { name, password: spec.slice(colon + 1), role, tokens: [], access: [] });
}

function userNamed(builder: Builder, name: string): { tokens: string[]; access: TopicAccessRule[] } {
  const user = builder.users.get(name);
  if (user === undefined) throw new CliError(`unknown user ${JSON.stringify(name)} (declare it with --users first)`);
  return user;
}

function rule(topic: string | undefined, permission: string | undefined): TopicAccessRule {
  if (topic === undefined || topic === '' || permission === undefined || !isPermission(permission)) {
    throw new CliError(`expected TOPIC:PERM with PERM one of ${permissions.join(', ')}`);
  }
  return { topic, permission };
}

function durationOption(value: string | undefined, flag: string): number {
  const ms = value === undefined ? undefined : parseDurationMs(value);
  if (ms === undefined) throw new CliError(`${flag} needs a duration`);
  return ms;
}

function integerOption(value: string | undefined, flag: string): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new CliError(`${flag} needs a whole number`);
  return Number(value);
}

/** Applies one flag; returns how many values after the flag it consumed. */
function applyFlag(builder: Builder, flag: string, values: readonly string[]): number {
  const [first] = values;
  const { options } = builder;
  switch (flag) {
    case '--help':
      builder.help = true;
      return 0;
    case '--port':
      options.port = integerOption(first, flag);
      return 1;
    case '--keepalive':
      options.keepaliveIntervalMs = durationOption(first, flag);
      return 1;
    case '--cache':
      options.cacheDurationMs = durationOption(first, flag);
      return 1;
    case '--delay-check':
      options.delayedCheckIntervalMs = durationOption(first, flag);
      return 1;
    case '--min-delay':
      options.minDelayMs = durationOption(first, flag);
      return 1;
    case '--subscription-limit':
      options.subscriptionLimit = integerOption(first, flag);
      return 1;
    case '--newer-events':
      options.newerEvents = true;
      return 0;
    case '--rate-limit':
      options.requestLimit = {};
      return 0;
    case '--users':
    case '--admins': {
      // Several users may follow one flag: everything up to the next option.
      const nextFlag = values.findIndex((value) => value.startsWith('--'));
      const specs = nextFlag === -1 ? values : values.slice(0, nextFlag);
      if (specs.length === 0) throw new CliError(`${flag} needs NAME:PASS`);
      for (const spec of specs.flatMap((value) => value.split(',')))
        addUser(builder, spec, flag === '--admins' ? 'admin' : 'user');
      return specs.length;
    }
    case '--token': {
      const [name = '', token] = (first ?? '').split(':');
      if (token === undefined || token === '') throw new CliError('--token needs NAME:TOKEN');
      userNamed(builder, name).tokens.push(token);
      return 1;
    }
    case '--access': {
      const [name = '', topic, permission] = (first ?? '').split(':');
      userNamed(builder, name).access.push(rule(topic, permission));
      return 1;
    }
    case '--everyone': {
      const [topic, permission] = (first ?? '').split(':');
      builder.everyone.push(rule(topic, permission));
      return 1;
    }
    case '--default-access':
      if (first === undefined || !isPermission(first))
        throw new CliError(`--default-access needs ${permissions.join(', ')}`);
      builder.defaultAccess = first;
      return 1;
    default:
      throw new CliError(`unknown option ${flag}`);
  }
}

export function parseCliArgs(argv: readonly string[]): CliParseResult {
  const builder: Builder = {
    options: { port: 8080 },
    users: new Map(),
    everyone: [],
    defaultAccess: undefined,
    help: false,
  };
  try {
    for (let i = 0; i < argv.length;) {
      const flag = argv[i] ?? '';
      if (!flag.startsWith('--')) throw new CliError(`unexpected argument ${JSON.stringify(flag)}`);
      i += 1 + applyFlag(builder, flag, argv.slice(i + 1));
    }
  } catch (error) {
    if (error instanceof CliError) return { ok: false, error: error.message };
    throw error;
  }
  const { options, users, everyone, defaultAccess } = builder;
  if (users.size > 0 || everyone.length > 0 || defaultAccess !== undefined) {
    options.auth = { users: [...users.values()], everyone, ...(defaultAccess === undefined ? {} : { defaultAccess }) };
  }
  return { ok: true, options, help: builder.help };
}
