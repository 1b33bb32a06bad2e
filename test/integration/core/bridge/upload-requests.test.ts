/**
 * The window's file upload (startUpload, uploadChunk, finishUpload, cancelUpload) over real sockets against
 * test/server with an attachment store: the bytes and the name arrive as ntfy's attachment, the server's advertised
 * limit is checked before a byte is sent, a 413 the server answers itself is said in words, and a cancelled upload
 * publishes nothing. The keychain is an in-memory port (the login tests cover the real one).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_PART_BYTES, type UploadStartDto } from '../../../../common/ipc.ts';
import { uploadPart, uploadStartInput } from '../../../../main/core/bridge/publish-guard.ts';
import { createUploadRequests, type UploadRequests } from '../../../../main/core/bridge/upload-requests.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { startTestServer, type TestServer, type TestServerOptions } from '../../../server/index.ts';

let server: TestServer | undefined;
let dir: string | undefined;

afterEach(async () => {
  await server?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  server = undefined;
  dir = undefined;
});

async function setUp(options: TestServerOptions): Promise<{ server: TestServer; requests: UploadRequests }> {
  server = await startTestServer(options);
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-upload-requests-'));
  const log = createRecordingLogger();
  const requests = createUploadRequests({
    settings: openConfSettingsStore({ dir, log }),
    secrets: {
      get: () => Promise.resolve(undefined),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(false),
    },
    log,
    now: () => Date.now(),
  });
  return { server, requests };
}

/** Bytes that are no UTF-8 text, so the server could not take them for a message. */
function fileBytes(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => (index * 7 + 0x80) % 256));
}

/** Sends `bytes` in parts as the window does, each part checked by the bridge's guard; answers the progress seen. */
async function sendParts(requests: UploadRequests, uploadId: string, bytes: Buffer): Promise<number[]> {
  const progress: number[] = [];
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_PART_BYTES) {
    const part = uploadPart(bytes.subarray(offset, offset + UPLOAD_PART_BYTES).toString('base64'));
    const answer = await requests.uploadChunk(uploadId, part);
    if (!answer.ok) throw new Error(answer.error.message);
    progress.push(answer.value.sentBytes);
    if (answer.value.answered) break;
  }
  return progress;
}

function input(server: TestServer, fields: Partial<UploadStartDto> & { size: number }): UploadStartDto {
  return uploadStartInput({ server: server.url, topic: 'files', filename: 'report.bin', ...fields });
}

async function started(requests: UploadRequests, dto: UploadStartDto): Promise<string> {
  const answer = await requests.startUpload(dto);
  if (!answer.ok || !answer.value.started) throw new Error(`not started: ${JSON.stringify(answer)}`);
  return answer.value.uploadId;
}

describe('file uploads', () => {
  it('arrive as the attachment with their exact bytes and name, the message beside them, in parts', async () => {
    const { server, requests } = await setUp({ attachments: true });
    const bytes = fileBytes(UPLOAD_PART_BYTES * 2 + 1234);
    const uploadId = await started(requests, input(server, { size: bytes.length, message: 'Nightly report' }));
    const progress = await sendParts(requests, uploadId, bytes);
    expect(progress).toEqual([UPLOAD_PART_BYTES, UPLOAD_PART_BYTES * 2, bytes.length]);
    const outcome = await requests.finishUpload(uploadId);
    const [message] = server.cachedMessages();
    expect(outcome).toEqual({
      ok: true,
      value: { outcome: 'sent', id: message?.id, time: message?.time, scheduled: false },
    });
    expect(message).toMatchObject({
      message: 'Nightly report',
      attachment: { name: 'report.bin', type: 'application/octet-stream', size: bytes.length },
    });
    expect(message?.attachment?.expires).toBeGreaterThan(message?.time ?? Infinity);
    const put = server.requests.find((entry) => entry.transport === 'publish');
    expect(put).toMatchObject({ method: 'PUT', path: '/files', query: { filename: 'report.bin' } });
    const file = await fetch(message?.attachment?.url ?? '');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('are refused before a byte is sent when the server says the file is over its limit', async () => {
    const { server, requests } = await setUp({ attachments: { fileSizeLimitBytes: 1000 } });
    const answer = await requests.startUpload(input(server, { size: 2500 }));
    expect(answer).toEqual({
      ok: true,
      value: {
        started: false,
        outcome: { outcome: 'refused', detail: 'The file is 2.5 KB; this server takes files up to 1.0 KB.' },
      },
    });
    expect(server.requests.filter((entry) => entry.transport === 'publish')).toEqual([]);
  });

  it("say ntfy's 413 in words when the server did not tell its limit first, and nothing is published", async () => {
    const { server, requests } = await setUp({ attachments: { fileSizeLimitBytes: 1000 } });
    server.faults.failNext(1, { status: 404, match: (entry) => entry.path === '/v1/account' });
    const bytes = fileBytes(2500);
    const uploadId = await started(requests, input(server, { size: bytes.length }));
    await sendParts(requests, uploadId, bytes);
    const outcome = await requests.finishUpload(uploadId);
    expect(outcome).toEqual({
      ok: true,
      value: {
        outcome: 'refused',
        detail: 'the attachment is too large for this server, or its upload allowance is used up (HTTP 413, 41301)',
        status: 413,
        code: 41301,
      },
    });
    expect(server.cachedMessages()).toEqual([]);
  });

  it('publish nothing when cancelled while the server is still taking the body', async () => {
    const { server, requests } = await setUp({ attachments: true });
    server.faults.holdUploads(true);
    const bytes = fileBytes(UPLOAD_PART_BYTES + 10);
    const uploadId = await started(requests, input(server, { size: bytes.length }));
    const put = await server.waitForRequest((entry) => entry.transport === 'publish');
    expect(await sendParts(requests, uploadId, bytes)).toEqual([UPLOAD_PART_BYTES, bytes.length]);
    const finishing = requests.finishUpload(uploadId);
    await requests.cancelUpload(uploadId);
    // Cut by the cancel itself, within the wait's 5 s: not by the request's own timeout.
    const ended = await server.waitForRequestEnd((entry) => entry.seq === put.seq);
    expect(ended.end).toBe('client-closed');
    expect(await finishing).toMatchObject({ ok: true, value: { outcome: 'unreachable' } });
    server.faults.holdUploads(false);
    // The server answers a publish it took at once; a later publish is answered after any held one would have been.
    const after = await fetch(`${server.url}/files`, { method: 'POST', body: 'after' });
    expect(after.status).toBe(200);
    expect(server.cachedMessages().map((message) => message.message)).toEqual(['after']);
    expect(await requests.finishUpload(uploadId)).toEqual({
      ok: true,
      value: { outcome: 'refused', detail: 'This upload has already ended.' },
    });
  });
});
