/**
 * Project files: who may upload and delete, which types a tenant accepts, and how names are made
 * safe for display, download and zip entries. Pure functions, used by the server as the authority
 * and by the client to show or hide the upload area.
 */

/** File kinds a tenant can allow; each has the name extensions it covers. */
export const fileKinds = {
  pdf: ['pdf'],
  ifc: ['ifc'],
  dwg: ['dwg'],
  dxf: ['dxf'],
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  zip: ['zip'],
  office: ['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt'],
} as const;
export type FileKind = keyof typeof fileKinds;
export const allFileKinds = Object.keys(fileKinds) as FileKind[];

/** A tenant's file policy; tenants without a row of their own use the default. */
export type FilePolicy = { allowedKinds: FileKind[]; maxFileSizeBytes: number };
export const defaultFilePolicy: FilePolicy = { allowedKinds: allFileKinds, maxFileSizeBytes: 2 * 1024 ** 3 };
/** The range a tenant admin may set the size limit in (1 MB to 10 GB). */
export const MIN_FILE_SIZE_LIMIT_BYTES = 1024 ** 2;
export const MAX_FILE_SIZE_LIMIT_BYTES = 10 * 1024 ** 3;

/** The kinds in their canonical order, each once; unknown names dropped. */
export const normalizeFileKinds = (kinds: readonly string[]): FileKind[] =>
  allFileKinds.filter((k) => kinds.includes(k));

/** Unit variants that show no project files card and take no uploads (spec §2). */
export const variantsWithoutFiles = ['aac_elements', 'lintel'];
export const unitHasFilesCard = (variant: string | null | undefined) => !variantsWithoutFiles.includes(variant ?? '');

/**
 * Who may upload (and delete): the rule as data, read top to bottom, first match wins.
 * Documented in docs/workflow.md next to the state machine.
 */
export type UploadRule = {
  when: { rootStates?: string[]; unitStates?: string[] };
  allowed: 'nobody' | 'internal' | 'internalOrMember';
};
export const uploadRules: UploadRule[] = [
  { when: { rootStates: ['Closed', 'Archived'] }, allowed: 'nobody' },
  { when: { unitStates: ['Finalized', 'Approved', 'Closed', 'Archived'] }, allowed: 'internal' },
  { when: {}, allowed: 'internalOrMember' },
];

export type FileWriter = {
  isInternal: boolean;
  isMember: boolean;
  rootState: string;
  unitState: string;
  unitVariant: string | null;
};

export function canUploadFiles(w: FileWriter): boolean {
  if (!unitHasFilesCard(w.unitVariant)) return false;
  const rule = uploadRules.find(
    (r) =>
      (!r.when.rootStates || r.when.rootStates.includes(w.rootState)) &&
      (!r.when.unitStates || r.when.unitStates.includes(w.unitState)),
  );
  if (!rule || rule.allowed === 'nobody') return false;
  if (rule.allowed === 'internal') return w.isInternal;
  return w.isInternal || w.isMember;
}

/** Delete: whoever may write the unit, and only the uploader unless internal. */
export function canDeleteFile(w: FileWriter & { userId: number; uploadedBy: number | null }): boolean {
  if (!canUploadFiles(w)) return false;
  return w.isInternal || (w.uploadedBy !== null && w.uploadedBy === w.userId);
}

/** States in which the details page shows the unit's files at the top, for review. */
export const reviewStates = ['ReviewDrawings', 'ReviewPreliminaryDrawings', 'ReviewRevisedDrawings'];
export const isReviewState = (state: string) => reviewStates.includes(state);

// Control, zero-width and bidirectional-override characters: invisible, or they disguise a name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /[<>:"/\\|?*]/g;
export const MAX_NAME_LENGTH = 200;

/**
 * Drops trailing dots and white space. A loop, not `/[\s.]+$/`: that pattern is retried from every
 * position of a long run of spaces followed by another character, quadratic in the name's length.
 */
function trimDotsAndSpacesEnd(name: string): string {
  let end = name.length;
  while (end > 0 && (name[end - 1] === '.' || /\s/.test(name[end - 1]!))) end--;
  return name.slice(0, end);
}

/**
 * A file name safe to show and to offer as a download: only the last path part, no control or
 * reserved characters, no leading or trailing dots and spaces. Null when nothing usable is left
 * (e.g. a name of only dots or control characters).
 */
export function sanitizeFileName(raw: string): string | null {
  const last = raw.split(/[/\\]/).pop() ?? '';
  let name = last.normalize('NFC').replace(CONTROL, '').replace(RESERVED, '_').replace(/\s+/g, ' ');
  name = trimDotsAndSpacesEnd(name.replace(/^[\s.]+/, ''));
  if (!name || !/[\p{L}\p{N}]/u.test(name)) return null;
  if (name.length > MAX_NAME_LENGTH) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 20 ? `.${ext}` : '';
    name = trimDotsAndSpacesEnd(name.slice(0, MAX_NAME_LENGTH - keep.length)) + keep;
  }
  return name;
}

/** The lower-case extension of a name, without the dot; '' when there is none. */
export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1).toLowerCase() : '';
}

export function kindOfName(name: string): FileKind | null {
  const ext = extensionOf(name);
  for (const kind of allFileKinds) if ((fileKinds[kind] as readonly string[]).includes(ext)) return kind;
  return null;
}

/** One folder (or file) name inside a zip: no separators, no `..`, no control characters. */
export function zipSegment(raw: string, fallback: string): string {
  const cleaned = trimDotsAndSpacesEnd(
    raw.normalize('NFC').replace(CONTROL, '').replace(RESERVED, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, ''),
  );
  if (!cleaned || cleaned === '.' || cleaned === '..') return fallback;
  const name = cleaned.slice(0, MAX_NAME_LENGTH);
  // Windows cannot create a file or folder named after a device, whatever its extension.
  return WINDOWS_DEVICE.test(name) ? `_${name}`.slice(0, MAX_NAME_LENGTH) : name;
}

/** `CON`, `aux.pdf`, `COM1.tar.gz`, `lpt9 .txt`: device names that Windows refuses as file names. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\s*\.|\s*$)/i;

export type ZipEntryInput = { unitNo: string; unitTitle: string; fileName: string };

/**
 * Entry names `unit number - unit title/file name`, each part sanitised; a name that repeats
 * (case-insensitively, as on Windows and macOS) gets ` (2)`, ` (3)` before its extension.
 */
export function zipEntryNames(entries: ZipEntryInput[]): string[] {
  const used = new Set<string>();
  return entries.map((e) => {
    const folder = zipSegment(`${e.unitNo} - ${e.unitTitle}`, 'unit');
    const file = zipSegment(e.fileName, 'file');
    const ext = extensionOf(file);
    const stem = ext ? file.slice(0, -(ext.length + 1)) : file;
    let candidate = `${folder}/${file}`;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      candidate = `${folder}/${stem} (${n})${ext ? `.${ext}` : ''}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
