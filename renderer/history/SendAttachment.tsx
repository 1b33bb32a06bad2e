/**
 * The send form's local file: "Attach a file…" opens the system's picker (a visually hidden input that stays inside
 * the form, so nothing is positioned against the page), the chosen file is named with its size and can be removed,
 * and while it uploads a progress bar shows the share sent.
 */
import { useRef } from 'react';
import { formatBytes } from '../../common/byte-size.ts';
import { formatNumber, t } from '../../common/i18n/translate.ts';
import { Button } from '../ui/Button.tsx';

interface SendAttachmentProps {
  readonly file: File | undefined;
  readonly onFile: (file: File | undefined) => void;
  /** Percent sent while the file uploads. */
  readonly percent: number | undefined;
  readonly busy: boolean;
}

export function SendAttachment({ file, onFile, percent, busy }: SendAttachmentProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="send-attachment">
      <input
        ref={input}
        type="file"
        className="ui-file-input visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen !== undefined) onFile(chosen);
          event.target.value = '';
        }}
      />
      {file === undefined ? (
        <p className="send-attachment-choose">
          <Button
            size="small"
            disabled={busy}
            onClick={() => {
              input.current?.click();
            }}
          >
            {t('detail.send.file-choose')}
          </Button>
          <span className="send-attachment-hint">{t('detail.send.file-drop')}</span>
        </p>
      ) : (
        <p className="send-attachment-chosen">
          <span>{t('detail.send.file-chosen', { name: file.name, size: formatBytes(file.size) })}</span>
          <Button
            size="small"
            disabled={busy}
            onClick={() => {
              onFile(undefined);
            }}
          >
            {t('detail.send.file-remove')}
          </Button>
        </p>
      )}
      {percent === undefined ? null : (
        <p className="send-upload">
          <progress max={100} value={percent} aria-label={t('detail.send.upload-progress')} />
          <span>{t('detail.send.uploading', { percent: formatNumber(percent / 100, { style: 'percent' }) })}</span>
        </p>
      )}
    </div>
  );
}
