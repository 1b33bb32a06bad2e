import { useEffect, useState } from 'react';
import type { BridgeApi, SubscriptionDto } from '../../common/ipc.ts';
import { SubscriptionEditor, type EditorResult } from './SubscriptionEditor.tsx';

interface SubscriptionFormProps {
  readonly api: BridgeApi;
  readonly onSaved: (subscription: SubscriptionDto) => void;
  readonly onClose: () => void;
}

/**
 * The Messages sidebar's "Add subscription": the same form as in Subscriptions (SubscriptionEditor), as a modal
 * dialog over the window, as ntfy's web app has it: above the list it was a box of 60 % of the pane, clipped. It asks for the subscriptions itself, for what the server's credentials are; the view's own lists
 * are refreshed by the view after `onSaved`.
 */
export function SubscriptionForm({ api, onSaved, onClose }: SubscriptionFormProps) {
  const [subscriptions, setSubscriptions] = useState<readonly SubscriptionDto[]>([]);
  /** Bumped when the form stored something (a subscription, credentials): the list is asked again. */
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let active = true;
    void api.listSubscriptions().then((result) => {
      // Without the list the form still adds; it only cannot say that a server already has credentials.
      if (active && result.ok) setSubscriptions(result.value);
    });
    return () => {
      active = false;
    };
  }, [api, asked]);

  const close = (result: EditorResult) => {
    if (result.outcome === 'saved') onSaved(result.subscription);
    else onClose();
  };

  return (
    <SubscriptionEditor
      api={api}
      subscription={undefined}
      subscriptions={subscriptions}
      focus="fields"
      connected={false}
      onChanged={() => {
        setAsked((count) => count + 1);
      }}
      onClose={close}
      className="subscription-form"
      modal
    />
  );
}
