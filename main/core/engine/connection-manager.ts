/**
 * Keeps the running connections equal to the desired ones: `reconcile(subscriptions)` groups them, starts what is
 * missing, stops what is gone, and restarts only a group whose topics or credentials changed — which resumes from
 * its cursor, so nothing published during the switch is lost.
 */
import type { Connection } from './connection.ts';
import type { ConnectionSpec, ConnectionStatus } from './connection-types.ts';
import { connectionFingerprint, groupSubscriptions, type GroupOptions, type Subscription } from './groups.ts';

interface ConnectionManagerOptions extends GroupOptions {
  readonly createConnection: (spec: ConnectionSpec) => Connection;
}

interface ReconcileResult {
  readonly started: readonly string[];
  readonly stopped: readonly string[];
  readonly restarted: readonly string[];
}

export class ConnectionManager {
  readonly #options: ConnectionManagerOptions;
  readonly #running = new Map<string, { connection: Connection; fingerprint: string }>();

  constructor(options: ConnectionManagerOptions) {
    this.#options = options;
  }

  reconcile(subscriptions: readonly Subscription[]): ReconcileResult {
    const desired = new Map(groupSubscriptions(subscriptions, this.#options).map((spec) => [spec.key, spec]));
    const started: string[] = [];
    const stopped: string[] = [];
    const restarted: string[] = [];
    for (const [key, entry] of this.#running) {
      if (desired.has(key)) continue;
      entry.connection.stop();
      this.#running.delete(key);
      stopped.push(key);
    }
    for (const [key, spec] of desired) {
      const fingerprint = connectionFingerprint(spec);
      const current = this.#running.get(key);
      if (current?.fingerprint === fingerprint) continue;
      current?.connection.stop();
      const connection = this.#options.createConnection(spec);
      this.#running.set(key, { connection, fingerprint });
      connection.start();
      (current === undefined ? started : restarted).push(key);
    }
    return { started, stopped, restarted };
  }

  /** OS resume, network back online: every connection starts afresh and polls. */
  reconnectAll(): void {
    for (const { connection } of this.#running.values()) connection.reconnectNow();
  }

  /** "Retry now" on one server: its connections start afresh with their backoff reset; other servers are untouched. */
  reconnectServer(server: string): void {
    for (const { connection } of this.#running.values()) {
      if (connection.spec.server === server) connection.reconnectNow();
    }
  }

  statuses(): ConnectionStatus[] {
    return [...this.#running.values()].map(({ connection }) => connection.status);
  }

  /** Stops everything; resolves once what was read has been stored. */
  async stopAll(): Promise<void> {
    const connections = [...this.#running.values()].map((entry) => entry.connection);
    this.#running.clear();
    for (const connection of connections) connection.stop();
    await Promise.all(connections.map((connection) => connection.drained()));
  }
}
