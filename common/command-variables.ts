/**
 * The environment variables a subscription's command gets, each name with its aliases, as ntfy's CLI sets them
 * (cmd/subscribe.go `envVars`), in ntfy's order. main/core/commands/message-command.ts fills them in; the
 * subscription editor lists them, so the user sees what the command will receive.
 */
export const COMMAND_VARIABLES = [
  { field: 'id', names: ['NTFY_ID', 'id'] },
  { field: 'topic', names: ['NTFY_TOPIC', 'topic'] },
  { field: 'time', names: ['NTFY_TIME', 'time'] },
  { field: 'message', names: ['NTFY_MESSAGE', 'message', 'm'] },
  { field: 'title', names: ['NTFY_TITLE', 'title', 't'] },
  { field: 'priority', names: ['NTFY_PRIORITY', 'priority', 'prio', 'p'] },
  { field: 'tags', names: ['NTFY_TAGS', 'tags', 'tag', 'ta'] },
  { field: 'raw', names: ['NTFY_RAW', 'raw'] },
] as const;

export type CommandVariableField = (typeof COMMAND_VARIABLES)[number]['field'];
