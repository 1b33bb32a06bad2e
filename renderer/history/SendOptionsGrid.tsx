/**
 * The send form's optional fields in a grid that becomes one column in a narrow window. With a local file chosen the
 * attachment URL is left out (a message has one attachment); the file name then names the file.
 */
import { t } from '../../common/i18n/translate.ts';
import type { PriorityDto } from '../../common/ipc.ts';
import { PRIORITY_LEVELS, priorityLabel } from '../../common/priority-names.ts';
import { Select, TextField } from '../ui/fields.tsx';
import { previewTags } from './send-draft.ts';
import type { SendDraftState } from './use-send-draft.ts';

interface SendOptionsGridProps extends Pick<SendDraftState, 'draft' | 'set'> {
  readonly fileChosen: boolean;
}

export function SendOptionsGrid({ draft, set, fileChosen }: SendOptionsGridProps) {
  const tags = previewTags(draft.tags);
  return (
    <div className="send-grid">
      <Select
        label={t('detail.send.priority')}
        value={draft.priority}
        onChange={(event) => {
          const priority = PRIORITY_LEVELS.find((level) => String(level) === event.target.value);
          if (priority !== undefined) set('priority', priority satisfies PriorityDto);
        }}
      >
        {PRIORITY_LEVELS.map((level) => (
          <option key={level} value={level}>
            {priorityLabel(level)}
          </option>
        ))}
      </Select>
      <TextField
        label={t('detail.send.tags')}
        value={draft.tags}
        hint={
          <span className="send-tags-preview">
            {tags.emoji.length === 0 && tags.labels.length === 0
              ? t('detail.send.tags-hint')
              : t('detail.send.tags-preview', { tags: [...tags.emoji, ...tags.labels].join(' ') })}
          </span>
        }
        onChange={(event) => {
          set('tags', event.target.value);
        }}
      />
      <TextField
        label={t('detail.send.click')}
        type="url"
        value={draft.click}
        onChange={(event) => {
          set('click', event.target.value);
        }}
      />
      <TextField
        label={t('detail.send.delay')}
        value={draft.delay}
        // ntfy's own delay syntax, the same in every language: not translated.
        placeholder="30m, tomorrow 9am"
        hint={t('detail.send.delay-hint')}
        onChange={(event) => {
          set('delay', event.target.value);
        }}
      />
      {fileChosen ? null : (
        <TextField
          label={t('detail.send.attach')}
          type="url"
          value={draft.attach}
          onChange={(event) => {
            set('attach', event.target.value);
          }}
        />
      )}
      <TextField
        label={t('detail.send.filename')}
        value={draft.filename}
        onChange={(event) => {
          set('filename', event.target.value);
        }}
      />
    </div>
  );
}
