/**
 * What a server says it takes before a file is sent: `GET /v1/account` (answered to anonymous callers too,
 * server_account.go handleAccountGet) has the visitor's `limits.attachment_file_size` and
 * `stats.attachment_total_size_remaining`. ntfy's web app checks a chosen file against both the same way
 * (web/src/components/PublishDialog.jsx, checkAttachmentLimits): a limit of 0 says nothing. A server that does not
 * answer leaves the check to the upload itself (413, code 41301).
 */
import { formatBytes } from '../../../common/byte-size.ts';
import { t } from '../../../common/i18n/translate.ts';
import { readAccountInfo } from '../account/account-api.ts';
import { sendAccountRequest } from '../account/account-http.ts';
import { authorizationHeader, type Credentials } from '../protocol/subscribe-request.ts';

interface AttachmentAllowance {
  /** Bytes per file; 0 when the server did not say. */
  readonly fileSizeLimit: number;
  /** Bytes the visitor may still upload; 0 when the server did not say. */
  readonly totalRemaining: number;
}

/** The check must not hold a send up for long: it only saves a refused upload. */
const ALLOWANCE_TIMEOUT_MS = 10_000;

export type ReadAllowance = (server: string, credentials: Credentials) => Promise<AttachmentAllowance | undefined>;

/** The allowance of the visitor these credentials make, or undefined when the server gives none. */
export const readAttachmentAllowance: ReadAllowance = async (server, credentials) => {
  const authorization = authorizationHeader(credentials);
  const answer = await sendAccountRequest({
    method: 'GET',
    url: `${server.replace(/\/+$/, '')}/v1/account`,
    headers: authorization === undefined ? {} : { Authorization: authorization },
    timeoutMs: ALLOWANCE_TIMEOUT_MS,
  });
  if (!answer.ok) return undefined;
  const info = readAccountInfo(answer.body);
  const fileSizeLimit = info.limits['attachment_file_size'];
  return {
    fileSizeLimit: typeof fileSizeLimit === 'number' ? fileSizeLimit : 0,
    totalRemaining: info.stats['attachment_total_size_remaining'] ?? 0,
  };
};

/** Why a file of `sizeBytes` would be refused, in words; undefined when the allowance does not stand in its way. */
export function allowanceProblem(sizeBytes: number, allowance: AttachmentAllowance | undefined): string | undefined {
  if (allowance === undefined) return undefined;
  const size = formatBytes(sizeBytes);
  const { fileSizeLimit, totalRemaining } = allowance;
  if (fileSizeLimit > 0 && sizeBytes > fileSizeLimit) {
    return t('core.publish.file-too-large', { size, limit: formatBytes(fileSizeLimit) });
  }
  if (totalRemaining > 0 && sizeBytes > totalRemaining) {
    return t('core.publish.quota-used', { size, remaining: formatBytes(totalRemaining) });
  }
  return undefined;
}
