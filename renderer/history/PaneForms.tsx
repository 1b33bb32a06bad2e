import { t } from '../../common/i18n/translate.ts';
import { lazy, Suspense } from 'react';
import type { BridgeApi, SubscriptionDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { SubscriptionForm } from '../subscriptions/SubscriptionForm.tsx';
import { subscriptionKey } from './format.ts';

// The send form (with the emoji table for its tag preview) loads on first use, not before the list paints.
const SendForm = lazy(() => import('./SendForm.tsx').then((module) => ({ default: module.SendForm })));

/** The form that sends to the chosen topic, a modal dialog (use-pane-form.ts: one form at a time). */
export function SendFormPane({
  api,
  subscription,
  onClose,
  onSent,
  file,
}: {
  readonly api: BridgeApi;
  readonly subscription: SubscriptionDto;
  readonly onClose: () => void;
  readonly onSent: (outcome: string) => void;
  /** A file dropped on the topic's view: the form opens with it attached. */
  readonly file: File | undefined;
}) {
  return (
    // A modal dialog (SendForm): it takes no room above the list.
    <Suspense fallback={<p className="send-form">{t('history.shell.loading')}</p>}>
      <SendForm
        key={subscriptionKey(subscription)}
        api={api}
        subscription={subscription}
        onClose={onClose}
        onSent={onSent}
        initialFile={file}
      />
    </Suspense>
  );
}

/** The add-subscription form, above the list; `onSaved` gets the new topic, which the view then opens. */
export function AddFormPane({
  api,
  onClose,
  onSaved,
}: {
  readonly api: BridgeApi;
  readonly onClose: () => void;
  readonly onSaved: (subscription: SubscriptionRefDto) => void;
}) {
  return (
    <div className="history-form">
      <SubscriptionForm
        api={api}
        onClose={onClose}
        onSaved={(subscription) => {
          onSaved({ server: subscription.server, topic: subscription.topic });
        }}
      />
    </div>
  );
}
