import crypto from 'node:crypto';
import { AppError } from '../../../shared/errors';
import {
  canDeleteFile,
  canUploadFiles,
  defaultFilePolicy,
  fileKinds,
  kindOfName,
  type FileKind,
  type FilePolicy,
  type FileWriter,
} from '../../../shared/rules/files';
import type {
  DownloadCreated,
  DownloadSelection,
  FileTreeNode,
  ProjectFile,
  UnitFiles,
} from '../../../shared/schemas/files';
import { requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import type { FileConversion } from '../../../shared/schemas/review';
import { conversionsOf } from '../conversions/state';
import { insertJournal } from '../workflow/repository';
import { journalTexts } from './journal-texts';
import * as repo from './repository';
import * as policyRepo from './policy-repository';
import * as transferRepo from './transfer-repository';

export const DOWNLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const writer = (access: ProjectAccess): FileWriter => ({
  isInternal: access.isInternal,
  isMember: access.isMember,
  rootState: access.root.state_key,
  unitState: access.unit.state_key,
  unitVariant: access.unit.project_unit_type_variant,
});

/** A readable unit that belongs to the given root, or 404. */
async function requireUnitOfRoot(db: Database, user: SessionUser, rootId: number, unitId: number) {
  const access = await requireAccess(db, user, { permission: 'file.read', id: unitId });
  if (access.root.project_unit_id !== rootId) throw new AppError('NotFound');
  return access;
}

export async function filePolicy(db: Database, tenantId: number): Promise<FilePolicy> {
  const row = await policyRepo.findTenantPolicy(db, tenantId);
  if (!row) return defaultFilePolicy;
  return {
    allowedKinds: row.allowedKinds.filter((k): k is FileKind => k in fileKinds),
    maxFileSizeBytes: row.maxFileSizeBytes,
  };
}

const allowedExtensions = (policy: FilePolicy) => policy.allowedKinds.flatMap((k) => [...fileKinds[k]]);

function uploaderName(v: repo.VersionRow): string | null {
  if (v.uploaded_by === null || v.uploader_deleted) return null;
  const name = [v.uploader_first_name, v.uploader_last_name].filter(Boolean).join(' ');
  return name || v.uploader_login;
}

function toProjectFiles(
  files: repo.FileRow[],
  versions: repo.VersionRow[],
  user: SessionUser,
  w: FileWriter | null,
  conversions: Map<number, FileConversion> = new Map(),
): ProjectFile[] {
  const byFile = new Map<number, repo.VersionRow[]>();
  for (const v of versions) byFile.set(v.project_file_id, [...(byFile.get(v.project_file_id) ?? []), v]);
  return files
    .flatMap((f) => {
      const list = byFile.get(f.project_file_id) ?? [];
      const newest = list[0];
      if (!newest) return [];
      return [
        {
          projectFileID: f.project_file_id,
          projectUnitID: f.project_unit_id,
          name: f.name,
          kind: kindOfName(f.name) ?? 'other',
          version: newest.version_no,
          size: newest.size,
          contentType: newest.content_type,
          uploadedBy: newest.uploaded_by,
          uploadedByName: uploaderName(newest),
          createdOn: new Date(newest.created_at).toISOString(),
          canDelete: w
            ? canDeleteFile({ ...w, userId: user.userId, uploadedBy: list.at(-1)?.uploaded_by ?? null })
            : false,
          versions: list.map((v) => ({
            projectFileVersionID: v.project_file_version_id,
            version: v.version_no,
            size: v.size,
            sha256: v.sha256,
            contentType: v.content_type,
            uploadedBy: v.uploaded_by,
            uploadedByName: uploaderName(v),
            createdOn: new Date(v.created_at).toISOString(),
            conversion: conversions.get(v.project_file_version_id) ?? null,
          })),
        },
      ];
    })
    .sort((a, b) => b.createdOn.localeCompare(a.createdOn) || b.projectFileID - a.projectFileID);
}

/** `GET api/file/{rootId}/{unitId}`: the files of a unit, newest first, with versions and abilities. */
export async function listUnitFiles(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  unitId: number,
): Promise<UnitFiles> {
  const access = await requireUnitOfRoot(ctx.db, user, rootId, unitId);
  const files = await repo.findFiles(ctx.db, [unitId]);
  const versions = await repo.findVersions(
    ctx.db,
    files.map((f) => f.project_file_id),
  );
  const w = writer(access);
  const policy = await filePolicy(ctx.db, access.root.tenant_id);
  const ifcFiles = new Set(files.filter((f) => kindOfName(f.name) === 'ifc').map((f) => f.project_file_id));
  const conversions = await conversionsOf(
    ctx,
    versions.filter((v) => ifcFiles.has(v.project_file_id)).map((v) => v.project_file_version_id),
  );
  return {
    data: toProjectFiles(files, versions, user, w, conversions),
    canUpload: canUploadFiles(w),
    allowedExtensions: allowedExtensions(policy),
    maxFileSizeBytes: policy.maxFileSizeBytes,
  };
}

/** The stored bytes of one version of a file (the newest when no version is named). */
export async function openFileVersion(
  ctx: ServiceContext,
  user: SessionUser,
  ids: { rootId: number; unitId: number; fileId: number; version?: number },
) {
  await requireUnitOfRoot(ctx.db, user, ids.rootId, ids.unitId);
  const file = await repo.findFile(ctx.db, ids.fileId);
  if (!file || file.project_unit_id !== ids.unitId) throw new AppError('NotFound');
  const versions = await repo.findVersions(ctx.db, [file.project_file_id]);
  const version = ids.version === undefined ? versions[0] : versions.find((v) => v.version_no === ids.version);
  if (!version) throw new AppError('NotFound');
  return { name: file.name, version };
}

/** Soft delete (all versions), by the uploader or an internal user; journaled. */
export async function deleteFile(
  ctx: ServiceContext,
  user: SessionUser,
  ids: { rootId: number; unitId: number; fileId: number },
): Promise<void> {
  const access = await requireUnitOfRoot(ctx.db, user, ids.rootId, ids.unitId);
  const file = await repo.findFile(ctx.db, ids.fileId);
  if (!file || file.project_unit_id !== ids.unitId) throw new AppError('NotFound');
  const versions = await repo.findVersions(ctx.db, [file.project_file_id]);
  const firstUploader = versions.at(-1)?.uploaded_by ?? null;
  if (!canDeleteFile({ ...writer(access), userId: user.userId, uploadedBy: firstUploader })) {
    throw new AppError('NotAllowed', 'FILES.Errors.DeleteNotAllowed');
  }
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.softDeleteFile(trx, file.project_file_id, user.userId, now);
    await journal(trx, access, user, now, journalTexts(user.language).deleted(file.name));
  });
}

async function journal(trx: Database, access: ProjectAccess, user: SessionUser, now: Date, message: string) {
  await insertJournal(trx, {
    tenantId: access.root.tenant_id,
    rootId: access.root.project_unit_id,
    unitId: access.unit.project_unit_id,
    now,
    userId: user.userId,
    userEmail: user.login,
    content: { oldState: access.unit.state_key, newState: access.unit.state_key, additionalMessage: message },
    delayed: false,
    rule: null,
  });
}

/** `GET api/file/projectFiles/{rootUnitId}`: the root's units as a tree, each with its files. */
export async function getFileTree(ctx: ServiceContext, user: SessionUser, rootId: number): Promise<FileTreeNode> {
  const access = await requireAccess(ctx.db, user, { permission: 'file.read', id: rootId });
  if (access.unit.project_unit_id !== rootId) throw new AppError('NotFound');
  const units = await repo.findTreeUnits(ctx.db, rootId);
  const files = await repo.findFiles(
    ctx.db,
    units.map((u) => u.project_unit_id),
  );
  const versions = await repo.findVersions(
    ctx.db,
    files.map((f) => f.project_file_id),
  );
  const listed = toProjectFiles(files, versions, user, null);
  const nodes = new Map<number, FileTreeNode>();
  for (const u of units) {
    nodes.set(u.project_unit_id, {
      projectUnitID: u.project_unit_id,
      projectUnitNo: u.project_unit_no,
      title: u.title,
      selected: false,
      files: listed
        .filter((f) => f.projectUnitID === u.project_unit_id)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((f) => ({ projectFileID: f.projectFileID, name: f.name, size: f.size, selected: false })),
      children: [],
    });
  }
  for (const u of units) {
    if (u.parent_project_unit_id === null) continue;
    nodes.get(u.parent_project_unit_id)?.children.push(nodes.get(u.project_unit_id)!);
  }
  const root = nodes.get(rootId);
  if (!root) throw new AppError('NotFound');
  return root;
}

/**
 * `POST api/file/projectFiles/{rootUnitId}`: checks every selected file belongs to the root
 * and records the newest versions; the zip is built while it downloads.
 */
export async function createDownload(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  selection: DownloadSelection,
): Promise<DownloadCreated> {
  const access = await requireAccess(ctx.db, user, { permission: 'file.read', id: rootId });
  if (access.unit.project_unit_id !== rootId) throw new AppError('NotFound');
  const fileIds = [...new Set(selection.map((s) => s.fileID))];
  const files = await repo.findFiles(ctx.db, [...new Set(selection.map((s) => s.projectUnitID))]);
  const byId = new Map(files.map((f) => [f.project_file_id, f]));
  for (const s of selection) {
    const f = byId.get(s.fileID);
    if (!f || f.project_unit_id !== s.projectUnitID || f.root_project_unit_id !== rootId) {
      throw new AppError('NotFound', [
        { messageType: 'Error', message: 'FILES.Errors.SelectionChanged', reference: String(s.fileID) },
      ]);
    }
  }
  const versions = await repo.findVersions(ctx.db, fileIds);
  const newest = new Map<number, repo.VersionRow>();
  for (const v of versions) if (!newest.has(v.project_file_id)) newest.set(v.project_file_id, v);
  const chosen = fileIds.map((id) => newest.get(id)).filter((v): v is repo.VersionRow => v !== undefined);
  const totalSize = chosen.reduce((sum, v) => sum + v.size, 0);
  const now = ctx.clock.now();
  const downloadId = crypto.randomBytes(24).toString('base64url');
  await transferRepo.insertDownload(ctx.db, {
    downloadId,
    userId: user.userId,
    rootId,
    versionIds: chosen.map((v) => v.project_file_version_id),
    totalSize,
    now,
    expiresAt: new Date(now.getTime() + DOWNLOAD_TTL_MS),
  });
  return { downloadID: downloadId, fileCount: chosen.length, totalSize };
}

/**
 * The entries of a prepared download: only for the user who asked for it, within 24 hours,
 * and only while the user may still read the project.
 */
export async function openDownload(ctx: ServiceContext, user: SessionUser, downloadId: string) {
  const download = await transferRepo.findDownload(ctx.db, downloadId);
  if (!download || download.user_id !== user.userId || new Date(download.expires_at) <= ctx.clock.now()) {
    throw new AppError('NotFound', 'FILES.Errors.DownloadNotFound');
  }
  const access = await requireAccess(ctx.db, user, { permission: 'file.read', id: download.root_project_unit_id });
  const rows = await repo.findVersionsForDownload(ctx.db, download.version_ids);
  const order = new Map(download.version_ids.map((id, i) => [id, i]));
  const entries = rows
    .filter((r) => r.root_project_unit_id === access.root.project_unit_id)
    .sort((a, b) => (order.get(a.project_file_version_id) ?? 0) - (order.get(b.project_file_version_id) ?? 0));
  const root = await repo.findTreeUnits(ctx.db, access.root.project_unit_id);
  const rootUnit = root.find((u) => u.project_unit_id === access.root.project_unit_id);
  return { entries, archiveName: rootUnit ? `${rootUnit.project_unit_no} - ${rootUnit.title}` : 'files' };
}

/** For the request-drawings guard. */
export const unitHasFiles = async (db: Database, unitId: number) => (await repo.countUnitFiles(db, unitId)) > 0;
