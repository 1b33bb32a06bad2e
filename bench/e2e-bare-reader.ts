/**
 * The bare reader of the end-to-end benchmark: `node bench/e2e-bare-reader.ts <json|sse|ws> <stream-url>` opens the
 * stream with the same stacks the CLI uses (node:http for JSON and SSE, the `ws` package for WebSocket) and writes each
 * event to stdout as one JSON line — no parsing, dedupe, storage or reconnects. It is the floor the CLI is measured
 * against: what any program that prints a stream must spend.
 */
import http from 'node:http';
import WebSocket from 'ws';
import { sseToJsonLines } from './e2e-lines.ts';

function readWebSocket(url: string): void {
  const socket = new WebSocket(url);
  // Each text message is one event and already ends in `\n` (docs/protocol.md#websocket).
  socket.on('message', (data) => {
    // `ws` hands a text message over as one Buffer (binaryType 'nodebuffer', the default).
    process.stdout.write(Array.isArray(data) ? Buffer.concat(data) : new Uint8Array(data));
  });
  socket.on('error', (error) => {
    console.error('bare reader:', error.message);
    process.exit(1);
  });
}

/** Writes the complete lines of each chunk in one write; SSE `data: ` prefixes and blank separators are dropped. */
function readHttp(url: string, sse: boolean): void {
  const request = http.get(url, (response) => {
    if (response.statusCode !== 200) {
      console.error(`bare reader: ${url}: HTTP ${response.statusCode ?? '?'}`);
      process.exit(1);
    }
    let pending = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      pending += chunk;
      const end = pending.lastIndexOf('\n');
      if (end === -1) return;
      const complete = pending.slice(0, end + 1);
      pending = pending.slice(end + 1);
      process.stdout.write(sse ? sseToJsonLines(complete) : complete);
    });
  });
  request.on('error', (error) => {
    console.error('bare reader:', error.message);
    process.exit(1);
  });
}

const [transport, url] = process.argv.slice(2);
if (url === undefined || (transport !== 'json' && transport !== 'sse' && transport !== 'ws')) {
  console.error('usage: node bench/e2e-bare-reader.ts <json|sse|ws> <stream-url>');
  process.exit(2);
}
if (transport === 'ws') {
  readWebSocket(url);
} else {
  readHttp(url, transport === 'sse');
}
