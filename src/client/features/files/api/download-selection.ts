import type { DownloadCreated, DownloadSelection } from '../../../../shared/schemas/files';
import { apiRequest, ApiError } from '../../../lib/api-client';

export const createDownload = (rootId: number, selection: DownloadSelection) =>
  apiRequest<DownloadCreated>(`/api/file/projectFiles/${rootId}`, { method: 'POST', body: selection });

export const downloadUrl = (downloadId: string) => `/api/file/projectFiles/download/${downloadId}`;

/**
 * Fetches the prepared zip while reporting received bytes, then hands it to the browser as a
 * download. `expected` is the files' total size (the zip is about that size or smaller).
 */
export async function fetchZip(
  downloadId: string,
  onProgress: (received: number) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetch(downloadUrl(downloadId), { credentials: 'same-origin', signal });
  if (!res.ok || !res.body) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body ?? { status: res.status, code: 'Internal', messages: [] });
  }
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(received);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const fileName = utf8 ? decodeURIComponent(utf8) : 'files.zip';
  return { blob: new Blob(parts as BlobPart[], { type: 'application/zip' }), fileName };
}

export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
