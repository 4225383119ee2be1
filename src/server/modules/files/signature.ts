import { fileTypeFromBuffer } from 'file-type';
import { extensionOf, type FileKind } from '../../../shared/rules/files';

/** How many leading bytes the signature check reads. */
export const SIGNATURE_BYTES = 64 * 1024;

/** Signatures that each name extension may carry (file-type's names; `ifc` and `dxf` are checked here). */
const accepted: Record<string, string[]> = {
  pdf: ['pdf'],
  ifc: ['ifc'],
  dwg: ['dwg'],
  dxf: ['dxf'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  zip: ['zip'],
  // Office Open XML files are zips; from the first bytes alone file-type may only see the zip.
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  // Legacy Office files are compound documents.
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
};

const mimeByExtension: Record<string, string> = {
  pdf: 'application/pdf',
  ifc: 'application/x-step',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** What the first bytes are: a file-type extension, `ifc` (STEP header), `dxf`, or null. */
export async function detectSignature(head: Buffer): Promise<string | null> {
  const text = head
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^\uFEFF/, '');
  if (/^\s*ISO-10303-21;/.test(text)) return 'ifc';
  if (/^\s*0\s*\r?\n\s*SECTION\s*\r?\n/.test(text) || /^\s*999\s*\r?\n/.test(text)) return 'dxf';
  const detected = await fileTypeFromBuffer(head);
  return detected?.ext ?? null;
}

export type SignatureCheck = { ok: true; contentType: string } | { ok: false; detected: string | null };

/** The name's extension decides what the bytes must be; the browser's type is never consulted. */
export async function checkSignature(name: string, head: Buffer, kind: FileKind): Promise<SignatureCheck> {
  const ext = extensionOf(name);
  const detected = await detectSignature(head);
  const allowed = accepted[ext] ?? [];
  if (!detected || !allowed.includes(detected) || !kind) return { ok: false, detected };
  return { ok: true, contentType: mimeByExtension[ext] ?? 'application/octet-stream' };
}
