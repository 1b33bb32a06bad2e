/**
 * Who a `ntfy-tray subscribe` run is in its data dir (main/core/store/subscriber.ts): its topic set names it, and it
 * takes the lowest free slot of that name, so it runs beside the app and beside other runs, each with its own
 * deliveries and resume points. Taking a slot fails only when the folder cannot be written; the caller then exits
 * with EXIT.fatal (1).
 */
import { t } from '../../../common/i18n/translate.ts';
import { errorMessage } from '../../../common/error-message.ts';
import { normalizeServerUrl } from '../../../common/server-url.ts';
import type { Subscription } from '../engine/groups.ts';
import { resumeKey } from '../protocol/resume-key.ts';
import { runName, type Subscriber, takeSubscriberSlot } from '../store/subscriber.ts';

type RunSubscriber =
  | { readonly ok: true; readonly subscriber: Subscriber; readonly release: () => void }
  | { readonly ok: false; readonly error: string };

/** The run's name: the resume keys of its topics, with the defaults the engine applies (engine/groups.ts). */
function runNameOf(subscriptions: readonly Subscription[]): string {
  return runName(
    subscriptions.map((subscription) =>
      resumeKey(
        {
          server: normalizeServerUrl(subscription.server),
          credentials: subscription.credentials ?? { kind: 'none' },
          filters: subscription.filters ?? {},
          scheduled: subscription.scheduled ?? false,
        },
        subscription.topic,
      ),
    ),
  );
}

export function takeRunSubscriber(dataDir: string, subscriptions: readonly Subscription[], pid: number): RunSubscriber {
  const slot = takeSubscriberSlot(dataDir, runNameOf(subscriptions), pid);
  if (slot.ok) return slot;
  return { ok: false, error: t('cli.data-dir.lock-failed', { dir: dataDir, reason: errorMessage(slot.error) }) };
}
