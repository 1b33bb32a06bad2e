import { useId, useState } from 'react';
import type { ClientYmlAcceptedDto, ClientYmlPlannedEntryDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';
import { commandSegments } from './visible-command.ts';

export interface ClientYmlReviewProps {
  readonly fileName: string;
  /** The plan's entries that would run a command. */
  readonly entries: readonly (ClientYmlPlannedEntryDto & { readonly command: string })[];
  /** The commands the user accepted (none, some or all), or undefined: import nothing. */
  readonly onDecide: (accepted: ClientYmlAcceptedDto | undefined) => void;
}

/** The command as it would run, each invisible character shown as ⟨U+XXXX⟩ (visible-command.ts). */
function VerbatimCommand({ id, command }: { readonly id: string; readonly command: string }) {
  return (
    <pre className="import-review-command" id={id}>
      <code>
        {commandSegments(command).map((segment, index) =>
          segment.kind === 'text' ? (
            segment.text
          ) : (
            <span key={index} className="import-review-hidden" title={t('settings.import.review.hidden')}>
              ⟨{segment.codePoint}⟩
            </span>
          ),
        )}
      </code>
    </pre>
  );
}

/**
 * The commands a client.yml would store, before anything is stored: each entry's command verbatim with its own
 * box to accept it, or all of them with one button; an entry not accepted is imported without its command.
 */
export function ClientYmlReview({ fileName, entries, onDecide }: ClientYmlReviewProps) {
  const id = useId();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const decide = (accept: (entry: number) => boolean) => {
    onDecide({
      commands: entries.filter((entry) => accept(entry.entry)).map(({ entry, command }) => ({ entry, command })),
    });
  };
  const toggle = (entry: number, on: boolean) => {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(entry);
      else next.delete(entry);
      return next;
    });
  };
  return (
    <section className="import-review" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('settings.import.review.heading', { file: fileName })}</h3>
      <p>{t('settings.import.review.intro')}</p>
      <ul className="import-review-list">
        {entries.map(({ entry, label, server, topics, command }) => (
          <li key={entry}>
            <label className="choice">
              <input
                type="checkbox"
                checked={ticked.has(entry)}
                aria-describedby={`${id}-${entry}-command`}
                onChange={(event) => {
                  toggle(entry, event.target.checked);
                }}
              />
              {t('settings.import.review.accept', { label })}
            </label>
            <p className="import-review-target">
              {t('settings.import.review.target', { server, topics: topics.join(', ') })}
            </p>
            <VerbatimCommand id={`${id}-${entry}-command`} command={command} />
          </li>
        ))}
      </ul>
      <div className="import-review-buttons">
        <Button
          variant="primary"
          onClick={() => {
            decide((entry) => ticked.has(entry));
          }}
        >
          {ticked.size === 0
            ? t('settings.import.review.import-none')
            : t('settings.import.review.import-ticked', { count: ticked.size })}
        </Button>
        <Button
          onClick={() => {
            decide(() => true);
          }}
        >
          {t('settings.import.review.accept-all', { count: entries.length })}
        </Button>
        <Button
          variant="quiet"
          onClick={() => {
            onDecide(undefined);
          }}
        >
          {t('settings.import.review.cancel')}
        </Button>
      </div>
    </section>
  );
}
