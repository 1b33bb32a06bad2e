/**
 * The send form's file: chosen or dropped, uploaded as ntfy's attachment through the core (common/ipc.ts
 * startUpload), part by part so that neither the window nor the core holds the whole file, with the share the core
 * has handed on as the progress, and Cancel, which aborts the request so that nothing is published.
 */
import { useCallback, useRef, useState } from 'react';
import { UPLOAD_PART_BYTES, type BridgeApi, type BridgeResult, type PublishInputDto } from '../../common/ipc.ts';
import type { PublishOutcomeDto } from '../../common/ipc.ts';

/** One upload's own flags: Cancel may come while a part, or the server's answer, is awaited. */
interface Job {
  uploadId?: string;
  cancelled: boolean;
}

/** Read through a call: Cancel sets the flag between awaits, which the compiler's narrowing cannot see. */
const cancelled = (job: Job): boolean => job.cancelled;

/** Bytes as base64 text, in slices small enough for String.fromCharCode's argument list. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** The upload itself; undefined when it was cancelled. */
async function runUpload(
  api: BridgeApi,
  file: File,
  fields: PublishInputDto,
  job: Job,
  onSent: (bytes: number) => void,
): Promise<BridgeResult<PublishOutcomeDto> | undefined> {
  const { attach: _url, filename, ...rest } = fields;
  const start = await api.startUpload({ ...rest, filename: filename ?? file.name, size: file.size });
  if (!start.ok) return start;
  if (!start.value.started) return { ok: true, value: start.value.outcome };
  const { uploadId } = start.value;
  job.uploadId = uploadId;
  if (cancelled(job)) {
    // Cancelled while the core was starting it: the core forgets it too.
    void api.cancelUpload(uploadId);
    return undefined;
  }
  for (let offset = 0; offset < file.size && !cancelled(job); offset += UPLOAD_PART_BYTES) {
    const part = new Uint8Array(await file.slice(offset, offset + UPLOAD_PART_BYTES).arrayBuffer());
    if (cancelled(job)) break;
    const answer = await api.uploadChunk(uploadId, toBase64(part));
    if (!answer.ok) {
      void api.cancelUpload(uploadId);
      return answer;
    }
    onSent(answer.value.sentBytes);
    if (answer.value.answered) break;
  }
  if (cancelled(job)) return undefined;
  const outcome = await api.finishUpload(uploadId);
  return cancelled(job) ? undefined : outcome;
}

interface FileUpload {
  /** Percent of the file handed on (0–100) while an upload runs; undefined otherwise. */
  readonly percent: number | undefined;
  /** The server's answer, or undefined when the user cancelled. */
  readonly upload: (file: File, fields: PublishInputDto) => Promise<BridgeResult<PublishOutcomeDto> | undefined>;
  readonly cancel: () => void;
}

export function useFileUpload(api: BridgeApi): FileUpload {
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const current = useRef<Job | undefined>(undefined);
  const upload = useCallback(
    async (file: File, fields: PublishInputDto) => {
      const job: Job = { cancelled: false };
      current.current = job;
      setPercent(0);
      const onSent = (bytes: number): void => {
        setPercent(file.size === 0 ? 100 : Math.floor((bytes * 100) / file.size));
      };
      try {
        return await runUpload(api, file, fields, job, onSent);
      } finally {
        if (current.current === job) current.current = undefined;
        setPercent(undefined);
      }
    },
    [api],
  );
  const cancel = useCallback(() => {
    const job = current.current;
    if (job === undefined) return;
    job.cancelled = true;
    if (job.uploadId !== undefined) void api.cancelUpload(job.uploadId);
  }, [api]);
  return { percent, upload, cancel };
}
