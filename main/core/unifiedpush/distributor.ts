/**
 * The UnifiedPush distributor's decisions, without D-Bus (the adapter is main/os/unifiedpush): who gets which
 * endpoint, who may unregister what, and which push messages reach which app. docs/protocol.md#unifiedpush says what
 * the specification asks and where each rule comes from.
 */
import { normalizeServerUrl } from '../../../common/server-url.ts';
import type { DeliveredBatch } from '../delivery/deliver.ts';
import type { Clock, Logger } from '../ports.ts';
import type { RegisterRequest } from './register-args.ts';
import { pushBytesOf } from './push-bytes.ts';
import { PushRate } from './push-rate.ts';
import { endpointOf, newPushTopic, type PushRegistration } from './registration.ts';
import type { RegistrationsFile } from './registrations-file.ts';

/** What the distributor says to an app's connector; none of these waits for the app's answer. */
export interface ConnectorPort {
  newEndpoint(registration: PushRegistration, endpoint: string): void;
  message(registration: PushRegistration, bytes: Buffer, id: string): void;
  /** `confirmation`: the answer to the app's own Unregister (version 1 then sends an empty token). */
  unregistered(registration: PushRegistration, confirmation: boolean): void;
  /** The unique name (`:1.42`) that owns this well-known name now; undefined when nobody does. */
  ownerOf(service: string): Promise<string | undefined>;
}

type RegisterFailure = 'INTERNAL_ERROR' | 'ACTION_REQUIRED';
export type RegisterAnswer = { readonly success: true } | { readonly success: false; readonly reason: RegisterFailure };
type UnregisterAnswer = 'unregistered' | 'unknown' | 'refused';

/** More apps than anyone runs; beyond it a registration asks the user to act (dbus.md: ACTION_REQUIRED). */
export const MAX_REGISTRATIONS = 100;

interface DistributorOptions {
  readonly file: RegistrationsFile;
  readonly connector: ConnectorPort;
  /** The user's default ntfy server, where new endpoints go. */
  readonly defaultServer: () => string;
  readonly clock: Pick<Clock, 'now'>;
  readonly log: Logger;
  /** For tests; crypto randomness otherwise. */
  readonly newTopic?: () => string;
  /** The registrations changed: the engine's subscriptions and the window follow. */
  readonly onChange?: () => void;
}

const topicKey = (server: string, topic: string): string => `${server}\n${topic}`;

export class UnifiedPushDistributor {
  readonly #options: DistributorOptions;
  readonly #byToken = new Map<string, PushRegistration>();
  readonly #rate: PushRate;
  #saving: Promise<boolean> = Promise.resolve(true);

  private constructor(options: DistributorOptions, registrations: readonly PushRegistration[]) {
    this.#options = options;
    this.#rate = new PushRate(options.clock);
    for (const registration of registrations) this.#byToken.set(registration.token, registration);
  }

  static async open(options: DistributorOptions): Promise<UnifiedPushDistributor> {
    return new UnifiedPushDistributor(options, await options.file.read());
  }

  list(): readonly PushRegistration[] {
    return [...this.#byToken.values()];
  }

  /** A known token from its own app gets its endpoint again; another app's token is refused (ntfy-android). */
  async register(request: RegisterRequest): Promise<RegisterAnswer> {
    const { connector, log } = this.#options;
    const known = this.#byToken.get(request.token);
    if (known !== undefined && known.service !== request.service) {
      log.log('warn', 'UnifiedPush: refused a token another app holds', {
        app: request.service,
        holder: known.service,
      });
      return { success: false, reason: 'INTERNAL_ERROR' };
    }
    if (known !== undefined) {
      connector.newEndpoint(known, endpointOf(known));
      return { success: true };
    }
    if (this.#byToken.size >= MAX_REGISTRATIONS) return { success: false, reason: 'ACTION_REQUIRED' };
    const registration: PushRegistration = {
      ...request,
      server: normalizeServerUrl(this.#options.defaultServer()),
      topic: (this.#options.newTopic ?? newPushTopic)(),
      registeredAt: this.#options.clock.now(),
      messages: 0,
    };
    this.#byToken.set(registration.token, registration);
    if (!(await this.#save())) {
      this.#byToken.delete(registration.token);
      return { success: false, reason: 'INTERNAL_ERROR' };
    }
    log.log('info', 'UnifiedPush: app registered', { app: registration.service, server: registration.server });
    this.#options.onChange?.();
    connector.newEndpoint(registration, endpointOf(registration));
    return { success: true };
  }

  /** The app's own Unregister: only the current owner of the registration's bus name may make it. */
  async unregister(token: string, caller: string): Promise<UnregisterAnswer> {
    const registration = this.#byToken.get(token);
    if (registration === undefined) return 'unknown';
    const owner = await this.#options.connector.ownerOf(registration.service);
    if (owner !== caller) {
      this.#options.log.log('warn', 'UnifiedPush: refused an Unregister from a caller that is not the app', {
        app: registration.service,
        caller,
      });
      return 'refused';
    }
    await this.#remove(registration, true);
    return 'unregistered';
  }

  /** Removed by the user (the window): the app is told it was unregistered. */
  async remove(token: string): Promise<boolean> {
    const registration = this.#byToken.get(token);
    if (registration === undefined) return false;
    await this.#remove(registration, false);
    return true;
  }

  /**
   * The default server changed: every registration elsewhere gets a new endpoint there and its app is told
   * (dbus.md: NewEndpoint "if the endpoint for the registration changed"). Its old topic is dropped with it.
   */
  async moveTo(server: string): Promise<void> {
    const target = normalizeServerUrl(server);
    const moved = this.list().filter((registration) => registration.server !== target);
    if (moved.length === 0) return;
    const newTopic = this.#options.newTopic ?? newPushTopic;
    const updated = moved.map((registration) => ({ ...registration, server: target, topic: newTopic() }));
    for (const registration of updated) this.#byToken.set(registration.token, registration);
    await this.#save();
    this.#options.log.log('info', 'UnifiedPush: endpoints moved to the new default server', {
      server: target,
      apps: updated.length,
    });
    this.#options.onChange?.();
    for (const registration of updated) this.#options.connector.newEndpoint(registration, endpointOf(registration));
  }

  /** The engine's sink: each new message on an endpoint's topic goes to its app, in order, as the published bytes. */
  deliver(batch: DeliveredBatch): void {
    const byTopic = new Map(this.list().map((entry) => [topicKey(entry.server, entry.topic), entry]));
    let delivered = false;
    for (const message of batch.messages) {
      const registration = byTopic.get(topicKey(batch.server, message.topic));
      if (registration === undefined) continue;
      const bytes = pushBytesOf(message);
      if (bytes === undefined || !this.#rate.take(registration.token)) {
        // Never the bytes themselves: they are the app's (often encrypted) data.
        this.#options.log.log('warn', 'UnifiedPush: dropped a push message', {
          app: registration.service,
          why: bytes === undefined ? 'over 4096 bytes' : 'over the rate limit',
        });
        continue;
      }
      this.#options.connector.message(registration, bytes, message.id);
      this.#counted(registration.token);
      delivered = true;
    }
    if (delivered) void this.#save();
  }

  #counted(token: string): void {
    const current = this.#byToken.get(token);
    if (current === undefined) return;
    this.#byToken.set(token, { ...current, messages: current.messages + 1, lastMessageAt: this.#options.clock.now() });
  }

  async #remove(registration: PushRegistration, confirmation: boolean): Promise<void> {
    this.#byToken.delete(registration.token);
    this.#rate.forget(registration.token);
    await this.#save();
    this.#options.log.log('info', 'UnifiedPush: app unregistered', { app: registration.service });
    this.#options.onChange?.();
    this.#options.connector.unregistered(registration, confirmation);
  }

  /** Resolves once the registrations last changed are in the file (before the folder may go away). */
  async flush(): Promise<void> {
    await this.#saving;
  }

  /** False (logged) when the file could not be written. */
  #save(): Promise<boolean> {
    this.#saving = this.#options.file.write(this.list()).then(
      () => true,
      (error: unknown) => {
        this.#options.log.log('error', 'UnifiedPush: could not write the registrations', { error: String(error) });
        return false;
      },
    );
    return this.#saving;
  }
}
