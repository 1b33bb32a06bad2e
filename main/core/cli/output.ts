/** What `ntfy-tray subscribe` prints: stdout carries messages only; stderr one line per state change. */
import type { ConnectionStatus } from '../engine/connection-types.ts';
import type { NtfyMessage, NtfyMessageChange } from '../protocol/types.ts';
import { hideCredentialPatterns } from '../store/secrets/redact.ts';
import { withAuthHint } from './auth-hint.ts';
import { plainNetworkReason } from './network-words.ts';
import { formatNumber, t } from '../../../common/i18n/translate.ts';
import { shortenUrls, shortTopicList } from '../../../common/short-text.ts';
import { terminalSafeJson, visibleControls } from './terminal-text.ts';

/**
 * `--json`: the message's JSON line byte for byte as the server sent it (ntfy's CLI prints `m.Raw`), so Go's
 * `\u003c` escapes stay; only characters a terminal could act on (DEL, C1, bidi controls) become `\uXXXX` escapes,
 * the same value to a parser. A message without its text (none here today) is written from its fields.
 */
export function formatMessageJson(message: NtfyMessage): string {
  return `${terminalSafeJson(message.rawText ?? JSON.stringify(message.raw))}\n`;
}

/**
 * `--json`: a `message_delete` / `message_clear` event as received, on one line, so that a script reading the
 * messages also learns when one of them was deleted or cleared (by its `sequence_id`).
 */
export function formatChangeJson(change: NtfyMessageChange): string {
  return `${terminalSafeJson(change.rawText ?? JSON.stringify(change.raw))}\n`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `time` in Unix seconds → `YYYY-MM-DD hh:mm:ss` in local time. */
function formatStamp(unixSeconds: number): string {
  const time = new Date(unixSeconds * 1000);
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
}

/**
 * Local time, topic, priority, title, body — one line (newlines in the body become spaces, other control characters
 * visible escapes: terminal-text.ts).
 */
export function formatMessageLine(message: NtfyMessage): string {
  const stamp = formatStamp(message.time);
  const title = message.title === undefined ? '' : `${message.title}: `;
  const tags = message.tags.length > 0 ? ` [${message.tags.join(',')}]` : '';
  const line = `${message.topic} p${message.priority}${tags} ${title}${message.message.replace(/\r?\n/g, ' ')}`;
  return `${stamp} ${visibleControls(line)}\n`;
}

/** Local time, topic and what happened to which message: `… deleted message <sequence id>` / `… cleared …`. */
export function formatChangeLine(change: NtfyMessageChange): string {
  const words = { time: formatStamp(change.time), topic: change.topic, id: change.sequenceId };
  const line = change.kind === 'message_delete' ? t('cli.line.deleted', words) : t('cli.line.cleared', words);
  return `${visibleControls(line)}\n`;
}

/**
 * One stderr line per state change. Reasons come from the network stack and the server (an error may quote the
 * request URL, `?auth=` included), so credential shapes in them are hidden, long URLs cut short, and control
 * characters shown as escapes.
 */
export function describeStatus(status: ConnectionStatus, nowMs: number): string | undefined {
  const line = describeState(status, nowMs);
  return line === undefined ? undefined : visibleControls(shortenUrls(hideCredentialPatterns(line)));
}

function describeState(status: ConnectionStatus, nowMs: number): string | undefined {
  // A long topic list only begins: a thousand topics would make every line 11 KB.
  const where = `${status.server}/${shortTopicList(status.topics)} (${status.transport})`;
  const { state } = status;
  switch (state.kind) {
    case 'connecting':
      return undefined; // the next line says how it went
    case 'open':
      return status.forbiddenTopics.length > 0
        ? t('cli.status.connected-forbidden', { where, topics: shortTopicList(status.forbiddenTopics) })
        : t('cli.status.connected', { where });
    case 'backoff': {
      // Tenths of a second, in the locale's digits ("2.5" / "2,5").
      const seconds = formatNumber(Math.max(0, Math.round((state.nextAttemptAt - nowMs) / 100) / 10));
      return t('cli.status.reconnecting', { seconds, where, reason: plainNetworkReason(state.reason) });
    }
    case 'auth-failed':
      return t('cli.status.auth-failed', { where, reason: withAuthHint(state.error.message, state.error.status) });
    case 'error':
      return t('cli.status.error', { where, reason: plainNetworkReason(state.message) });
    case 'stopped':
      return undefined;
  }
}
