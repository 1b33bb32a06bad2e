/**
 * A subscription command's environment: the process's own, then the message's variables over it (as ntfy appends
 * them to os.Environ() in cmd/subscribe.go `envVars`, so `$t` is the title even when the user's shell had a `t`).
 *
 * Every variable must fit what the system lets a new process receive, or the spawn fails (`spawn E2BIG`) and the
 * command does not run at all. A message of 128 KiB would do that on Linux. So values that do not fit are cut to fit
 * (the largest first, down to the same length), and the caller says which ones were cut.
 */
import { COMMAND_VARIABLES, type CommandVariableField } from '../../../common/command-variables.ts';
import type { NtfyMessage } from '../protocol/types.ts';

/** Each variable's value for a message (the names: common/command-variables.ts). */
function variableValues(message: NtfyMessage): Readonly<Record<CommandVariableField, string>> {
  return {
    id: message.id,
    topic: message.topic,
    time: String(message.time),
    message: message.message,
    title: message.title ?? '',
    // ntfy's client reads a missing priority as 0 and sets $NTFY_PRIORITY=0 (cmd/subscribe.go envVars).
    priority: 'priority' in message.raw ? String(message.priority) : '0',
    tags: message.tags.join(','),
    // The line as the server sent it, as ntfy's m.Raw.
    raw: message.rawText ?? JSON.stringify(message.raw),
  };
}

/**
 * What one platform lets a process's environment hold, in the units it counts.
 *
 * Linux (execve(2), "Limits on size of arguments and environment"): each `NAME=value` string at most
 * MAX_ARG_STRLEN = 131,072 bytes with its NUL, and arguments plus environment together at most a quarter of the
 * stack limit (2 MiB with the usual 8 MiB): the message's variables get 1 MiB of that, the rest is the inherited
 * environment's and the command line's. macOS and the BSDs: no limit per string, ARG_MAX (1 MiB on macOS) for all:
 * half of it. Windows (CreateProcess): the whole environment block at most 32,767 UTF-16 characters, the inherited
 * variables included.
 */
interface EnvironmentLimits {
  readonly unit: 'utf8-bytes' | 'utf16-units';
  /** Longest value of one variable (its name, `=` and NUL apart). */
  readonly maxValue: number;
  /** All the message's variables together, each counted as `NAME=value` and its NUL. */
  readonly total: number;
}

const LINUX_MAX_ARG_STRLEN = 131_072;
/** Room left in each Linux string for the longest variable name (`NTFY_MESSAGE`), `=` and the NUL, and some spare. */
const NAME_ROOM = 64;
const WINDOWS_ENVIRONMENT_BLOCK = 32_767;
/** Room left in the Windows block for what the system and the shell add. */
const WINDOWS_SPARE = 1_024;

function environmentLimits(platform: NodeJS.Platform, inherited: Readonly<Record<string, string>>): EnvironmentLimits {
  if (platform === 'win32') {
    const used = Object.entries(inherited).reduce((sum, [name, value]) => sum + name.length + value.length + 2, 0);
    const total = Math.max(0, WINDOWS_ENVIRONMENT_BLOCK - WINDOWS_SPARE - used);
    return { unit: 'utf16-units', maxValue: total, total };
  }
  if (platform === 'linux' || platform === 'android') {
    return { unit: 'utf8-bytes', maxValue: LINUX_MAX_ARG_STRLEN - NAME_ROOM, total: 1024 * 1024 };
  }
  return { unit: 'utf8-bytes', maxValue: 512 * 1024, total: 512 * 1024 };
}

function sizeOf(text: string, unit: EnvironmentLimits['unit']): number {
  return unit === 'utf8-bytes' ? Buffer.byteLength(text, 'utf8') : text.length;
}

/** The longest start of `text` of at most `size` units, never half a character. */
function cutTo(text: string, size: number, unit: EnvironmentLimits['unit']): string {
  if (sizeOf(text, unit) <= size) return text;
  if (unit === 'utf16-units') {
    const end = /[\uD800-\uDBFF]/.test(text.charAt(size - 1)) ? size - 1 : size;
    return text.slice(0, Math.max(0, end));
  }
  const bytes = Buffer.from(text, 'utf8');
  let end = size;
  // Back off UTF-8 continuation bytes (10xxxxxx) to the start of the character that does not fit.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

interface Variable {
  readonly names: readonly string[];
  readonly value: string;
  readonly size: number;
}

/** All the variables' strings with every value cut to at most `cap` units. */
function totalWithCap(variables: readonly Variable[], cap: number): number {
  return variables.reduce(
    (sum, variable) =>
      sum + variable.names.reduce((named, name) => named + name.length + 2 + Math.min(variable.size, cap), 0),
    0,
  );
}

/** The largest length every value may keep so that all of them fit (water-filling: only the largest are cut). */
function fittingCap(variables: readonly Variable[], limits: EnvironmentLimits): number {
  let low = 0;
  let high = limits.maxValue;
  if (totalWithCap(variables, high) <= limits.total) return high;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (totalWithCap(variables, middle) <= limits.total) low = middle;
    else high = middle - 1;
  }
  return low;
}

interface CommandEnvironment {
  readonly env: Record<string, string>;
  /** The first name (`NTFY_MESSAGE`, `NTFY_RAW`, …) of each variable whose value was cut to fit; empty: none. */
  readonly cut: readonly string[];
}

/**
 * The command's environment for a message. An environment variable cannot hold U+0000 (spawn refuses it), so that
 * one character is left out of a value; values the platform could not pass are cut to fit (see above).
 */
export function commandEnvironment(
  message: NtfyMessage,
  inherited: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): CommandEnvironment {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inherited)) if (value !== undefined) env[name] = value;
  const ours = new Set<string>(COMMAND_VARIABLES.flatMap(({ names }) => names));
  const limits = environmentLimits(
    platform,
    Object.fromEntries(Object.entries(env).filter(([name]) => !ours.has(name))),
  );
  const values = variableValues(message);
  const variables = COMMAND_VARIABLES.map(({ field, names }) => {
    const value = values[field].replaceAll('\u0000', '');
    return { names, value, size: sizeOf(value, limits.unit) };
  });
  const cap = fittingCap(variables, limits);
  const cut: string[] = [];
  for (const { names, value, size } of variables) {
    const fitted = size > cap ? cutTo(value, cap, limits.unit) : value;
    if (fitted !== value) cut.push(names[0]);
    for (const name of names) env[name] = fitted;
  }
  return { env, cut };
}
