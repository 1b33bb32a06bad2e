/**
 * A local file dropped anywhere on a topic's view opens the send dialog with it attached, as in ntfy's web app; while
 * it is dragged over the view, the view says where it will go.
 */
import { t } from '../../common/i18n/translate.ts';
import type { SubscriptionDto } from '../../common/ipc.ts';
import { useFileDrop, type FileDrop } from './use-file-drop.ts';
import type { PaneForm } from './use-pane-form.ts';

/**
 * The view's drop: taken only with a topic chosen and no dialog open (the send dialog takes its own drops). Focus
 * goes back to where it was when the dialog closes.
 */
export function useTopicDrop(subscription: SubscriptionDto | undefined, pane: PaneForm): FileDrop {
  return useFileDrop(subscription !== undefined && pane.form === undefined, (file) => {
    pane.open('send', document.activeElement instanceof HTMLElement ? document.activeElement : null, file);
  });
}

export function TopicDropHint({ drop, subscription }: { drop: FileDrop; subscription: SubscriptionDto | undefined }) {
  if (!drop.dropping || subscription === undefined) return null;
  return (
    <p className="history-drop-here">
      {t('history.drop-here', { name: subscription.displayName ?? subscription.topic })}
    </p>
  );
}
