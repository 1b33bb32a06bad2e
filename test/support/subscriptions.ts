import type { SubscriptionDto } from '../../common/ipc.ts';

/** A subscription as the window lists it, with the editor's defaults (JSON stream, no filters, anonymous). */
export function makeSubscription(fields: Partial<SubscriptionDto> = {}): SubscriptionDto {
  return {
    id: 'id',
    server: 'https://ntfy.example.com',
    topic: 'alerts',
    transport: 'json',
    filters: {},
    muted: false,
    minPriority: 1,
    auth: 'none',
    hasCredentials: false,
    ...fields,
  };
}
