import { oneLineText } from '../../common/bidi-text.ts';
import { useEffect, useRef, useState, type MouseEvent, type KeyboardEvent } from 'react';
import type { AttachmentDto, AttachmentPreviewDto, BridgeApi, BridgeResult, MessageDto } from '../../common/ipc.ts';
import { activeLocale, t } from '../../common/i18n/translate.ts';
import { absoluteTime, formatBytes } from './format.ts';
import { MessageActions } from './MessageActions.tsx';
import { cutNotice } from './cut-notice.ts';
import { disguisedLinkTarget } from './link-target.ts';
import { renderMarkdown } from './markdown.ts';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { useTabTrap } from '../layout/use-tab-trap.ts';
import { useNarrowLayout } from '../layout/use-media-query.ts';

interface MessageDetailProps {
  readonly api: BridgeApi;
  readonly message: MessageDto;
  /** The subscription's display name, when it has one. */
  readonly subscriptionName: string | undefined;
  readonly onClose: () => void;
  readonly onDelete: (message: MessageDto) => void;
  /** A popup's http button asked for the confirmation of this action (MessageActions). */
  readonly confirmRequest?: { readonly index: number } | undefined;
}

/** What the last button press did, said in one line (role=status). */
type Outcome = { readonly ok: boolean; readonly text: string } | undefined;

function describeFailure(result: BridgeResult<unknown>): string | undefined {
  return result.ok ? undefined : result.error.message;
}

/** The message as plain text: title, body, click URL; what "Copy message" puts on the clipboard. */
function messageAsText(message: MessageDto): string {
  return [message.title, message.message, message.click].filter((part) => part !== undefined).join('\n\n');
}

function MarkdownBody({
  api,
  text,
  onOutcome,
}: {
  readonly api: BridgeApi;
  readonly text: string;
  readonly onOutcome: (outcome: Outcome) => void;
}) {
  // Sanitized by renderMarkdown (DOMPurify, a small tag list, http(s)/mailto links only); links open through main.
  const html = renderMarkdown(text);
  // A link whose text names another address than its target opens on the second click, after saying where it goes.
  const [warned, setWarned] = useState<string | undefined>(undefined);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    if (link === null) return;
    event.preventDefault();
    const href = link.getAttribute('href');
    if (href === null) return;
    const target = disguisedLinkTarget(link.textContent, href);
    if (target !== undefined && warned !== href) {
      setWarned(href);
      onOutcome({ ok: false, text: t('detail.link.disguised', { target, shown: link.textContent.trim() }) });
      return;
    }
    void api.openLink(href).then((result) => {
      onOutcome({ ok: result.ok, text: describeFailure(result) ?? t('detail.outcome.opened', { target: href }) });
    });
  };
  return (
    // Handles clicks on the links inside (Enter on a focused link is a click too).
    <div className="message-detail-body markdown" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

function AttachmentView({
  api,
  message,
  attachment,
  onOutcome,
}: {
  readonly api: BridgeApi;
  readonly message: MessageDto;
  readonly attachment: AttachmentDto;
  readonly onOutcome: (outcome: Outcome) => void;
}) {
  const [preview, setPreview] = useState<AttachmentPreviewDto | null | undefined>(undefined);
  useEffect(() => {
    let active = true;
    setPreview(undefined);
    void api.attachmentPreview({ server: message.server, id: message.id }).then((result) => {
      if (active) setPreview(result.ok ? result.value : null);
    });
    return () => {
      active = false;
    };
  }, [api, message.server, message.id]);

  const expired = attachment.expires !== undefined && attachment.expires * 1000 <= Date.now();
  return (
    <section className="message-attachment" aria-label={t('detail.attachment.label')}>
      {preview === undefined || preview === null ? null : (
        <img
          className="attachment-preview"
          src={preview.dataUrl}
          alt={t('detail.attachment.image-alt', { name: attachment.name })}
        />
      )}
      <dl className="attachment-facts">
        <dt>{t('detail.attachment.file')}</dt>
        <dd>{attachment.name}</dd>
        {attachment.size === undefined ? null : (
          <>
            <dt>{t('detail.attachment.size')}</dt>
            <dd>{formatBytes(attachment.size)}</dd>
          </>
        )}
        {attachment.expires === undefined ? null : (
          <>
            <dt>{expired ? t('detail.attachment.expired') : t('detail.attachment.expires')}</dt>
            <dd>{absoluteTime(attachment.expires, activeLocale())}</dd>
          </>
        )}
      </dl>
      {expired ? null : (
        <Button
          onClick={() => {
            void api.openLink(attachment.url).then((result) => {
              onOutcome({
                ok: result.ok,
                text: describeFailure(result) ?? t('detail.attachment.opened', { name: attachment.name }),
              });
            });
          }}
        >
          {t('detail.attachment.open')}
        </Button>
      )}
    </section>
  );
}

/** One message in full. Every string is untrusted: text nodes only, except the sanitized markdown body. */
export function MessageDetail({
  api,
  message,
  subscriptionName,
  onClose,
  onDelete,
  confirmRequest,
}: MessageDetailProps) {
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setOutcome(undefined);
    heading.current?.focus();
  }, [message.server, message.id]);

  // Shown over the list (a narrow window, 200 %), the detail keeps focus until it is closed (issue 33 §8).
  const keepTabInside = useTabTrap(useNarrowLayout());
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    keepTabInside(event);
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  const title = oneLineText(message.title ?? subscriptionName ?? message.topic);
  const markdown = message.contentType === 'text/markdown';
  const cut = cutNotice(message.cut);

  return (
    // tabIndex -1: a click on its text keeps focus inside (not on <body>), so Escape still reaches onKeyDown.
    <article className="message-detail" aria-labelledby="message-detail-title" tabIndex={-1} onKeyDown={onKeyDown}>
      <header className="message-detail-header">
        {/* Tag emoji once, before the title as ntfy's web app shows them, and read out with it (not repeated as
            chips); the other tags are the chips below. */}
        <h3 id="message-detail-title" ref={heading} tabIndex={-1}>
          {message.tagEmoji.length === 0 ? null : `${message.tagEmoji.join(' ')} `}
          {title}
        </h3>
        <Button variant="quiet" className="icon-button" aria-label={t('detail.close-label')} onClick={onClose}>
          ×
        </Button>
      </header>
      <p className="message-detail-meta">
        <span>{subscriptionName ?? message.topic}</span>
        <span>{t(`detail.meta.priority.${message.priority}`)}</span>
        <time dateTime={new Date(message.time * 1000).toISOString()}>{absoluteTime(message.time, activeLocale())}</time>
      </p>
      {markdown ? (
        <MarkdownBody api={api} text={message.message} onOutcome={setOutcome} />
      ) : (
        <p className="message-detail-body">{message.message}</p>
      )}
      {cut === undefined ? null : <p className="message-detail-cut">{cut}</p>}
      {message.tagLabels.length === 0 ? null : (
        <ul className="message-tags" aria-label={t('detail.tags-label')}>
          {message.tagLabels.map((tag, index) => (
            <Badge as="li" key={`t${index}`}>
              {tag}
            </Badge>
          ))}
        </ul>
      )}
      {message.attachment === undefined ? null : (
        <AttachmentView api={api} message={message} attachment={message.attachment} onOutcome={setOutcome} />
      )}
      <MessageActions
        key={`${message.server} ${message.id}`}
        api={api}
        message={message}
        confirmRequest={confirmRequest}
      />
      <div className="message-detail-actions">
        {message.click === undefined ? null : (
          <Button
            title={message.click}
            onClick={() => {
              const url = message.click ?? '';
              void api.openLink(url).then((result) => {
                setOutcome({
                  ok: result.ok,
                  text: describeFailure(result) ?? t('detail.outcome.opened', { target: url }),
                });
              });
            }}
          >
            {t('detail.open-link')}
          </Button>
        )}
        <Button
          onClick={() => {
            navigator.clipboard.writeText(messageAsText(message)).then(
              () => {
                setOutcome({ ok: true, text: t('detail.outcome.copied') });
              },
              () => {
                setOutcome({ ok: false, text: t('detail.outcome.copy-failed') });
              },
            );
          }}
        >
          {t('detail.copy')}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onDelete(message);
          }}
        >
          {t('detail.delete')}
        </Button>
      </div>
      <p className="message-detail-outcome" role="status" data-ok={outcome?.ok}>
        {outcome?.text}
      </p>
    </article>
  );
}
