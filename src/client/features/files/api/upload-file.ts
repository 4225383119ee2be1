import { Upload, type DetailedError } from 'tus-js-client';
import { isErrorBody } from '../../../../shared/errors';
import { i18next } from '../../../lib/i18n';
import { serverMessageText } from '../../../lib/server-message';

export type UploadCallbacks = {
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  /** The reason in the user's language. */
  onError: (message: string) => void;
};

/** The server's message of a refused tus request (with its values, e.g. the space left), if it sent one. */
function serverMessage(err: Error): string {
  const body = (err as DetailedError).originalResponse?.getBody();
  if (body) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (isErrorBody(parsed) && parsed.messages[0]) return serverMessageText(parsed.messages[0]);
    } catch {
      // not JSON
    }
  }
  return i18next.t('FILES.Errors.UploadFailed');
}

/**
 * A resumable upload (tus) of one file into a unit. Dropped connections are retried and continue
 * at the last byte the server has; a paused upload continues with `start()`; the same file
 * dropped again on the same unit (even after a reload) resumes its earlier upload.
 */
export function createFileUpload(unitId: number, file: File, callbacks: UploadCallbacks): Upload {
  const upload = new Upload(file, {
    endpoint: '/api/file/uploads',
    metadata: { filename: file.name, unitId: String(unitId) },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    chunkSize: 32 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    removeFingerprintOnSuccess: true,
    fingerprint: async (f: File) => ['planport', unitId, f.name, f.size, f.lastModified].join('|'),
    onShouldRetry: (err) => {
      const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
      return status === 0 || status === 409 || status === 423 || status >= 500;
    },
    onProgress: callbacks.onProgress,
    onSuccess: callbacks.onSuccess,
    onError: (err) => callbacks.onError(serverMessage(err)),
  });
  return upload;
}

export async function startOrResume(upload: Upload): Promise<void> {
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
}
