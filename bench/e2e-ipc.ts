/**
 * Messages between the end-to-end benchmark (the parent) and its server-and-publisher process
 * (bench/e2e-server-process.ts), over the `fork` IPC channel. Everything arriving over IPC is `unknown` until one
 * of the guards here has checked it.
 */

/** Times are `performance.timeOrigin + performance.now()`: epoch milliseconds with sub-millisecond precision. */
export type PublishPlan =
  /** As fast as the server takes them; `padBytes` of padding make each body that much longer (the stalled reader). */
  | {
      readonly kind: 'burst';
      readonly topic: string;
      readonly label: string;
      readonly count: number;
      readonly padBytes?: number;
    }
  /** One message every `intervalMs`, scheduled against the start time so the rate does not drift. */
  | {
      readonly kind: 'paced';
      readonly topic: string;
      readonly label: string;
      readonly count: number;
      readonly intervalMs: number;
    };

export type ParentRequest =
  | { readonly type: 'publish'; readonly requestId: number; readonly plan: PublishPlan }
  | {
      readonly type: 'wait-subscribers';
      readonly requestId: number;
      readonly topic: string;
      readonly count: number;
      readonly timeoutMs: number;
    }
  | { readonly type: 'wait-no-subscribers'; readonly requestId: number; readonly timeoutMs: number }
  | { readonly type: 'close' };

export type ServerReport =
  | { readonly type: 'ready'; readonly url: string }
  | {
      readonly type: 'done';
      readonly requestId: number;
      readonly firstPublishAt: number;
      readonly lastPublishAt: number;
    }
  | { readonly type: 'failed'; readonly requestId: number; readonly error: string };

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

function isPublishPlan(value: unknown): value is PublishPlan {
  if (!isRecord(value)) return false;
  const common =
    typeof value['topic'] === 'string' && typeof value['label'] === 'string' && typeof value['count'] === 'number';
  if (value['kind'] === 'burst')
    return common && (value['padBytes'] === undefined || typeof value['padBytes'] === 'number');
  return value['kind'] === 'paced' && common && typeof value['intervalMs'] === 'number';
}

export function isParentRequest(value: unknown): value is ParentRequest {
  if (!isRecord(value)) return false;
  switch (value['type']) {
    case 'close':
      return true;
    case 'publish':
      return typeof value['requestId'] === 'number' && isPublishPlan(value['plan']);
    case 'wait-subscribers':
      return (
        typeof value['requestId'] === 'number' &&
        typeof value['topic'] === 'string' &&
        typeof value['count'] === 'number' &&
        typeof value['timeoutMs'] === 'number'
      );
    case 'wait-no-subscribers':
      return typeof value['requestId'] === 'number' && typeof value['timeoutMs'] === 'number';
    default:
      return false;
  }
}

export function isServerReport(value: unknown): value is ServerReport {
  if (!isRecord(value)) return false;
  switch (value['type']) {
    case 'ready':
      return typeof value['url'] === 'string';
    case 'done':
      return (
        typeof value['requestId'] === 'number' &&
        typeof value['firstPublishAt'] === 'number' &&
        typeof value['lastPublishAt'] === 'number'
      );
    case 'failed':
      return typeof value['requestId'] === 'number' && typeof value['error'] === 'string';
    default:
      return false;
  }
}

/**
 * The body of every benchmark message: `<label> <seq> <published-at>`, then ` <padBytes × "x">` when padded, read
 * back by bench/e2e-lines.ts. Bodies must stay within 4096 bytes: a longer one would be an attachment upload
 * (test/server/README.md), so the caller keeps `padBytes` below that with room for the rest.
 */
export function messageBody(label: string, seq: number, publishedAt: number, padBytes = 0): string {
  const body = `${label} ${seq} ${publishedAt}`;
  return padBytes > 0 ? `${body} ${'x'.repeat(padBytes)}` : body;
}
