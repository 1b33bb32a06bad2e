import { oneLineText } from '../../common/bidi-text.ts';
import { activeLocale, t } from '../../common/i18n/translate.ts';
import { memo, useMemo, type KeyboardEvent, type Ref } from 'react';
import type { MessageDto, TextSegmentDto } from '../../common/ipc.ts';
import { priorityLabel } from '../../common/priority-names.ts';
import { Badge } from '../ui/Badge.tsx';
import { absoluteTime, messageKey, relativeTime } from './format.ts';
import { Highlighted } from './Highlighted.tsx';
import { MessageFeatures } from './MessageFeatures.tsx';
import { highlightMatches, isMarkdown, previewText } from './plain-preview.ts';
import { useSubscriptionName } from './subscription-names.ts';

/** "Priority high" for screen readers: the word in lower case, as it reads inside a sentence. */
function priorityWords(priority: MessageDto['priority']): string {
  return t('history.row.priority', { priority: priorityLabel(priority).toLocaleLowerCase(activeLocale()) });
}

interface MessageRowProps {
  readonly message: MessageDto;
  readonly titleSegments?: readonly TextSegmentDto[] | undefined;
  readonly messageSegments?: readonly TextSegmentDto[] | undefined;
  readonly nowMs: number;
  readonly index: number;
  /** -1 while more pages may follow (ARIA's "unknown size"). */
  readonly setSize: number;
  /** Offset from the top of the list, in pixels (the virtualizer's). */
  readonly start: number;
  readonly ref: Ref<HTMLDivElement>;
  /** Click or Enter on the row: the reader has seen it. */
  readonly onActivate: (message: MessageDto) => void;
  /** Shown in the detail pane: the list's selected option. */
  readonly current: boolean;
  /** The list's one Tab stop (roving tabindex): tabIndex 0, every other row -1. */
  readonly tabStop: boolean;
  /** Name the row's subscription: in All subscriptions, not inside a topic, whose header names it (issue 33 §7). */
  readonly showTopic: boolean;
}

/** Shapes as well as colours, so the level reads without colour vision; screen readers get the words instead. */
const priorityGlyphs = { 1: '⇊', 2: '↓', 3: '', 4: '↑', 5: '▲' } as const;

/** High and urgent rows also say so in words (WCAG 1.4.1: the accent is never colour alone). */
function isProminent(priority: MessageDto['priority']): boolean {
  return priority >= 4;
}

/** Tag emoji as ntfy's web app shows them: before the title, or before the body when there is no title. */
function EmojiPrefix({ emoji }: { readonly emoji: readonly string[] }) {
  return emoji.length === 0 ? null : <span aria-hidden="true">{emoji.join(' ')} </span>;
}

/** The row's body: markdown as plain text (search highlights moved onto it), anything else as sent. */
function bodySegments(message: MessageDto, segments: readonly TextSegmentDto[] | undefined): readonly TextSegmentDto[] {
  if (!isMarkdown(message)) return segments ?? [{ text: message.message, match: false }];
  const plain = previewText(message);
  return segments === undefined ? [{ text: plain, match: false }] : highlightMatches(plain, segments);
}

/** One history entry. Every string in it is untrusted and goes into the DOM as text only. */
/**
 * Memoized: while scrolling, the virtualizer re-renders the list every frame, and the rows that stay in view have
 * the same props (the message objects are kept as they are), so only new rows render.
 */
export const MessageRow = memo(function MessageRow({
  message,
  titleSegments,
  messageSegments,
  nowMs,
  index,
  setSize,
  start,
  ref,
  onActivate,
  current,
  tabStop,
  showTopic,
}: MessageRowProps) {
  // One line of a stranger's text: no bidi override turns it around (common/bidi-text.ts).
  const title = (
    titleSegments ?? (message.title === undefined ? undefined : [{ text: message.title, match: false }])
  )?.map((segment) => ({ ...segment, text: oneLineText(segment.text) }));
  const body = useMemo(() => bodySegments(message, messageSegments), [message, messageSegments]);
  const subscriptionName = useSubscriptionName(message);
  const untitled = title === undefined || title.length === 0;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onActivate(message);
  };
  return (
    <div
      ref={ref}
      role="option"
      tabIndex={tabStop ? 0 : -1}
      className="message-row"
      data-index={index}
      data-key={messageKey(message)}
      data-read={message.read}
      // The open row is the listbox's selection (single select: only it says so, the others are unselected).
      aria-selected={current ? true : undefined}
      data-priority={message.priority}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      style={{ transform: `translateY(${start}px)` }}
      onClick={() => {
        onActivate(message);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="message-meta">
        {!isProminent(message.priority) ? (
          <span className="message-priority" data-priority={message.priority}>
            <span aria-hidden="true">{priorityGlyphs[message.priority]}</span>
            <span className="visually-hidden">{priorityWords(message.priority)}</span>
          </span>
        ) : (
          <Badge
            className="message-priority-label"
            tone={`priority-${message.priority}`}
            data-priority={message.priority}
          >
            <span aria-hidden="true">
              {priorityGlyphs[message.priority]} {priorityLabel(message.priority)}
            </span>
            <span className="visually-hidden">{priorityWords(message.priority)}</span>
          </Badge>
        )}
        {showTopic ? (
          <span className="message-topic" title={subscriptionName === message.topic ? undefined : message.topic}>
            {subscriptionName}
          </span>
        ) : null}
        <time dateTime={new Date(message.time * 1000).toISOString()} title={absoluteTime(message.time)}>
          {relativeTime(message.time, nowMs)}
        </time>
        <MessageFeatures message={message} />
        {message.read ? null : <span className="message-unread">{t('history.row.unread')}</span>}
      </div>
      {untitled ? null : (
        <div className="message-title">
          <EmojiPrefix emoji={message.tagEmoji} />
          <Highlighted segments={title} />
        </div>
      )}
      <p className="message-body">
        {untitled ? <EmojiPrefix emoji={message.tagEmoji} /> : null}
        <Highlighted segments={body} />
      </p>
      {message.tagLabels.length === 0 ? null : (
        <ul className="message-tags" aria-label={t('history.row.tags')}>
          {message.tagLabels.map((tag, tagIndex) => (
            <Badge as="li" key={tagIndex}>
              {tag}
            </Badge>
          ))}
        </ul>
      )}
    </div>
  );
});
