/**
 * What a stream answer must be labelled as (docs/protocol.md#stream-formats). A captive portal or a proxy login
 * page answers 200 with text/html; without this check it would look connected forever while nothing arrives.
 */
import { t } from '../../../common/i18n/translate.ts';

type StreamFormat = 'json' | 'sse' | 'raw';

const EXPECTED: Readonly<Record<StreamFormat, readonly string[]>> = {
  json: ['application/x-ndjson', 'application/json'],
  sse: ['text/event-stream'],
  raw: ['text/plain'],
};

/** Undefined when `header` fits `format` (parameters such as charset and letter case ignored), else why not. */
export function streamContentTypeProblem(format: StreamFormat, header: string | undefined): string | undefined {
  // No header at all is not a portal's signature (those always label their HTML); ntfy always sends one.
  if (header === undefined || header.trim() === '') return undefined;
  const mediaType = (header.split(';')[0] ?? '').trim().toLowerCase();
  if (EXPECTED[format].includes(mediaType)) return undefined;
  const shown = mediaType.slice(0, 100);
  return mediaType === 'text/html'
    ? t('core.transport.not-a-stream-html', { type: shown })
    : t('core.transport.not-a-stream', { type: shown });
}
