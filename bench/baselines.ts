/**
 * Minimal subscribers, the baselines the engine is measured against in the same run: a bare `http.get` line
 * reader (JSON stream), the same reading `data:` lines (SSE), and a bare `ws` client. They do the least work that
 * still yields parsed messages: no dedupe, no storage, no reconnects.
 */
import http from 'node:http';
import WebSocket from 'ws';
import type { TransportKind } from '../main/core/protocol/subscribe-request.ts';

export interface BareSubscriber {
  close(): void;
}

export function startBareSubscriber(options: {
  readonly url: string;
  readonly topics: readonly string[];
  readonly transport: Exclude<TransportKind, 'raw'>;
  readonly onMessage: (id: string) => void;
}): Promise<BareSubscriber> {
  const path = `${options.topics.join(',')}/${options.transport}`;
  if (options.transport === 'ws') {
    const socket = new WebSocket(`${options.url.replace(/^http/, 'ws')}/${path}`);
    socket.on('message', (data) => {
      const text = new TextDecoder().decode(Array.isArray(data) ? Buffer.concat(data) : data);
      const event = JSON.parse(text) as { event: string; id: string };
      if (event.event === 'message') options.onMessage(event.id);
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        resolve({
          close: () => {
            socket.terminate();
          },
        });
      });
      socket.once('error', reject);
    });
  }
  const prefix = options.transport === 'sse' ? 'data: ' : '';
  return new Promise((resolve, reject) => {
    const request = http.get(`${options.url}/${path}`, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let newline = buffer.indexOf('\n');
        while (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line.startsWith(prefix) && line.length > prefix.length) {
            const event = JSON.parse(line.slice(prefix.length)) as { event: string; id: string };
            if (event.event === 'message') options.onMessage(event.id);
          }
          newline = buffer.indexOf('\n');
        }
      });
      resolve({ close: () => request.destroy() });
    });
    request.once('error', reject);
  });
}
