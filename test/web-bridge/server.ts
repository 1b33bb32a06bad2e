/**
 * The dev:web bridge (test/dev only, never packaged): the real app core — SQLite history and conf settings in a
 * data folder, a recording notifier — behind the same BridgeApi as Electron, over a WebSocket on 127.0.0.1 instead
 * of IPC. Requests go through dispatchRequest, so arguments are checked exactly as over IPC; core events are pushed
 * to every open page.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { createBridgeEmit, type UpdateChecksDto } from '../../common/ipc.ts';
import { type AppCore, startAppCore } from '../../main/core/app/app-core.ts';
import type { SaveFile } from '../../main/core/bridge/client-config-requests.ts';
import { dispatchRequest } from '../../main/core/bridge/dispatch.ts';
import type { ConnectionTiming } from '../../main/core/engine/connection-types.ts';
import { createCommandRunner, endRunsAtExit } from '../../main/core/commands/message-command.ts';
import { createConsoleLogger } from '../../main/core/logging.ts';
import { systemClock } from '../../common/clock.ts';
import type { Clock, Logger } from '../../main/core/ports.ts';
import { SqliteHistoryStore } from '../../main/core/store/history/index.ts';
import { createKeytarSecretStore } from '../../main/core/store/secrets/keytar-secret-store.ts';
import type { SecretStore } from '../../main/core/store/secrets/secret-store.ts';
import { openConfSettingsStore } from '../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingNotifier, type RecordingNotifier } from '../fakes/notifier.ts';
import { bundleBrowserBridge } from './bundle-browser-bridge.ts';
import { createInMemorySecretStoreForDev } from './memory-secret-store.ts';
import type { BridgeRequestMessage, BridgeServerMessage } from './protocol.ts';
import { BRIDGE_SOCKET_PATH, BRIDGE_TOKEN_PARAM } from './protocol.ts';
import { loadRendererFiles, serveRendererRequest } from './serve-renderer.ts';
import { errorMessage } from '../../common/error-message.ts';
import type { AddressGuard } from '../../main/core/net/guarded-request.ts';
import { createPushApps } from '../../main/core/unifiedpush/push-apps.ts';
import { type BridgeUnifiedPush, startBridgeUnifiedPush } from './unifiedpush.ts';

export interface WebBridgeOptions {
  /** 0 or absent: a free port. Always bound to 127.0.0.1. */
  readonly port?: number;
  /** Where settings and history live; absent: a temp folder removed on close. */
  readonly dataDir?: string;
  /** Becomes the default server in settings (the subscription editor's suggestion). */
  readonly ntfyServerUrl?: string;
  readonly log?: Logger;
  /** The built renderer; default dist/renderer. */
  readonly rendererDir?: string;
  /** For tests that must not race the clock: the core's clock, randomness and engine timing. */
  readonly clock?: Clock;
  readonly random?: () => number;
  readonly timing?: Partial<ConnectionTiming>;
  /** For image downloads: which names resolve where and which address plays the internet (tests on 127.0.0.1). */
  readonly addressGuard?: AddressGuard;
  /**
   * The save dialog the desktop app shows (client.yml export); default: the file is written into the data folder
   * (a browser page has no dialog that hands main a path), and the answer says where.
   */
  readonly saveFile?: SaveFile;
  /** Who decides about update checks, as the desktop app works it out (default: this build has no release feed). */
  readonly updateChecks?: UpdateChecksDto;
  /**
   * Run the UnifiedPush distributor's core (registrations, push engine, switch) with a recording connector, as on
   * Linux; absent: Settings says it is Linux-only, as on macOS and Windows.
   */
  readonly unifiedPush?: boolean;
}

/**
 * Why an upgrade is refused, or undefined: the socket path, this run's token (the page's URL carries it), and, when
 * the client is a browser (which always sends Origin), the bridge's own origin. Any web page the user has open can
 * reach 127.0.0.1, and the bridge would run the real core for it.
 */
function upgradeRefusal(request: IncomingMessage, token: string, port: number): string | undefined {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== BRIDGE_SOCKET_PATH) return 'not the bridge path';
  const given = Buffer.from(url.searchParams.get(BRIDGE_TOKEN_PARAM) ?? '');
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'wrong or missing token';
  const origin = request.headers.origin;
  const own = [`http://127.0.0.1:${String(port)}`, `http://localhost:${String(port)}`];
  if (origin !== undefined && !own.includes(origin)) return 'another origin';
  return undefined;
}

export interface WebBridge {
  /** The page to open, with this run's token, e.g. http://127.0.0.1:41234/?token=… */
  readonly url: string;
  readonly core: AppCore;
  readonly notifier: RecordingNotifier;
  /** What the core asked the OS to do (the dev bridge does neither): URLs to open, texts to copy. */
  readonly os: { readonly opened: readonly string[]; readonly copied: readonly string[] };
  /** With `unifiedPush`: the distributor, and what its apps were told. */
  readonly unifiedPush?: BridgeUnifiedPush;
  close(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Its own keychain service, so the dev bridge never reads or overwrites the installed app's secrets. */
const DEV_KEYCHAIN_SERVICE = 'ntfy-tray-dev-web';

function stderrLogger(): Logger {
  return createConsoleLogger({
    name: 'dev-web',
    write: (level, line) => {
      if (level !== 'debug') console.error(`${level} ${line}`);
    },
  });
}

async function openSecrets(log: Logger): Promise<SecretStore> {
  const keychain = createKeytarSecretStore({ log, service: DEV_KEYCHAIN_SERVICE });
  try {
    await keychain.checkAvailable();
    return keychain;
  } catch (error) {
    log.log('warn', 'no OS keychain reachable; secrets are kept in memory for this dev session', {
      error: errorMessage(error),
    });
    return createInMemorySecretStoreForDev();
  }
}

/** A request as the page sends it, or undefined when it is not even shaped like one. */
function parseRequest(data: RawData): { id: number; channel: unknown; args: readonly unknown[] } | undefined {
  let value: unknown;
  try {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined; // not JSON: the caller logs and drops it
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, channel, args } = value as Partial<Record<keyof BridgeRequestMessage, unknown>>;
  if (typeof id !== 'number' || !Array.isArray(args)) return undefined;
  return { id, channel, args: args as readonly unknown[] };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startWebBridge(options: WebBridgeOptions = {}): Promise<WebBridge> {
  const log = options.log ?? stderrLogger();
  const files = await loadRendererFiles(
    options.rendererDir ?? path.join(repoRoot, 'dist/renderer'),
    await bundleBrowserBridge(),
  );
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ntfy-tray-web-')));
  const history = await SqliteHistoryStore.open({ dataDir });
  const settings = openConfSettingsStore({ dir: dataDir, log: log.child('settings') });
  const notifier = createRecordingNotifier();
  const sockets = new Set<WebSocket>();

  const emit = createBridgeEmit((channel, payload) => {
    const message: BridgeServerMessage = { event: channel, payload };
    const data = JSON.stringify(message);
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(data);
  });

  const opened: string[] = [];
  const copied: string[] = [];
  const commandRunner = createCommandRunner({ env: process.env, platform: process.platform, stdio: 'capture-stderr' });
  const stopEndingRunsAtExit = endRunsAtExit(commandRunner);
  const pushApps = createPushApps({
    available: options.unifiedPush === true,
    onChange: (apps) => {
      emit('pushAppsChanged', apps);
    },
  });
  const secrets = await openSecrets(log.child('secrets'));
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const core = startAppCore({
    settings,
    history,
    secrets,
    pushApps,
    notifier,
    clock,
    random,
    ...(options.timing === undefined ? {} : { timing: options.timing }),
    ...(options.updateChecks === undefined ? {} : { updateChecks: options.updateChecks }),
    log,
    openExternal: (url) => {
      opened.push(url);
      log.log('info', 'would open an external URL (not opened by the dev bridge)', { url });
      return Promise.resolve();
    },
    copyText: (text) => {
      copied.push(text);
      log.log('info', 'would copy text to the clipboard (not copied by the dev bridge)');
    },
    attachments: { dir: path.join(dataDir, 'attachments'), ...options.addressGuard },
    // The real core runs subscriptions' commands here too, with this process's environment.
    startCommand: commandRunner.start,
    saveFile:
      options.saveFile ??
      (async (file) => {
        const target = path.join(dataDir, file.suggestedName);
        await writeFile(target, file.contents, { mode: 0o600 });
        return { kind: 'saved', path: target };
      }),
    openMessage: (server, message, shown) => {
      emit('showMessage', { server, id: message.id, ...shown });
    },
    events: {
      messagesReceived: (messages) => {
        emit('messagesReceived', messages);
      },
      connectionsChanged: (connections) => {
        emit('connectionsChanged', connections);
      },
      settingsChanged: (next) => {
        emit('settingsChanged', next);
      },
      trayChanged: () => undefined,
      accountChanged: (status) => {
        emit('accountChanged', status);
      },
      commandStateChanged: (change) => {
        emit('commandStateChanged', change);
      },
    },
  });
  if (options.ntfyServerUrl !== undefined) {
    const updated = await core.service.updateSettings({ defaultServer: options.ntfyServerUrl });
    if (!updated.ok) log.log('warn', 'could not set the default server', { error: updated.error.message });
  }
  const unifiedPush =
    options.unifiedPush === true
      ? await startBridgeUnifiedPush(
          {
            dataDir,
            settings,
            secrets,
            clock,
            random,
            log: log.child('unifiedpush'),
            ...(options.timing === undefined ? {} : { timing: options.timing }),
          },
          pushApps,
        )
      : undefined;

  const bridgeLog = log.child('bridge');
  const answer = async (socket: WebSocket, data: RawData): Promise<void> => {
    const request = parseRequest(data);
    if (request === undefined) {
      bridgeLog.log('warn', 'dropped a message that is not a bridge request');
      return;
    }
    const result = await dispatchRequest(core.service, request.channel, request.args, bridgeLog);
    const message: BridgeServerMessage = { id: request.id, result };
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  const server = createServer((request, response) => {
    serveRendererRequest(files, request, response).catch((error: unknown) => {
      log.log('error', 'serving a renderer file failed', { url: request.url, error: String(error) });
      response.destroy();
    });
  });
  const webSocketServer = new WebSocketServer({ noServer: true });
  const token = randomBytes(24).toString('base64url');
  let port = 0;
  server.on('upgrade', (request: IncomingMessage, socket, head) => {
    const refusal = upgradeRefusal(request, token, port);
    if (refusal !== undefined) {
      bridgeLog.log('warn', 'refused a bridge connection', { reason: refusal, origin: request.headers.origin });
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    webSocketServer.handleUpgrade(request, socket, head, (webSocket) => {
      sockets.add(webSocket);
      webSocket.on('close', () => sockets.delete(webSocket));
      webSocket.on('message', (data) => {
        answer(webSocket, data).catch((error: unknown) => {
          bridgeLog.log('error', 'answering a bridge request failed', { error: String(error) });
        });
      });
    });
  });
  port = await listen(server, options.port ?? 0);

  return {
    url: `http://127.0.0.1:${port}/?${BRIDGE_TOKEN_PARAM}=${token}`,
    core,
    notifier,
    os: { opened, copied },
    ...(unifiedPush === undefined ? {} : { unifiedPush }),
    close: async () => {
      for (const socket of sockets) socket.terminate();
      webSocketServer.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      });
      await unifiedPush?.stop();
      await core.stop();
      stopEndingRunsAtExit();
      await history.close();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
