import { t } from '../../common/i18n/translate.ts';
import type { MessageDto } from '../../common/ipc.ts';

interface Feature {
  readonly key: string;
  readonly glyph: string;
  readonly label: string;
}

/** What a message carries beyond its text; the detail pane shows them in full. */
function featuresOf(message: MessageDto): Feature[] {
  const features: Feature[] = [];
  if (message.attachment !== undefined) {
    features.push({
      key: 'attachment',
      glyph: '📎',
      label: t('history.row.attachment', { name: message.attachment.name }),
    });
  }
  const actions = message.actions.length;
  if (actions > 0) {
    features.push({ key: 'actions', glyph: '⚡', label: t('history.row.actions', { count: actions }) });
  }
  if (message.click !== undefined) features.push({ key: 'click', glyph: '🔗', label: t('history.row.click') });
  return features;
}

/** Small icons for an attachment, action buttons and a click link; each has its words for screen readers. */
export function MessageFeatures({ message }: { readonly message: MessageDto }) {
  const features = featuresOf(message);
  if (features.length === 0) return null;
  return (
    <span className="message-features">
      {features.map((feature) => (
        <span
          key={feature.key}
          className="message-feature"
          data-feature={feature.key}
          role="img"
          aria-label={feature.label}
          title={feature.label}
        >
          {feature.glyph}
        </span>
      ))}
    </span>
  );
}
