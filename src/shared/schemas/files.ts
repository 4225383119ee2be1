import { z } from 'zod';
import { fileConversionSchema } from './review';
import { idParam, idValue } from './common';
import { allFileKinds, MAX_FILE_SIZE_LIMIT_BYTES, MIN_FILE_SIZE_LIMIT_BYTES, type FileKind } from '../rules/files';

export const fileVersionSchema = z.object({
  projectFileVersionID: z.number().int(),
  version: z.number().int(),
  size: z.number(),
  sha256: z.string(),
  contentType: z.string(),
  uploadedBy: z.number().int().nullable(),
  /** Display name of the uploader; null for a deleted user. */
  uploadedByName: z.string().nullable(),
  createdOn: z.string(),
  /** IFC models: the conversion for the viewer (queued, converting, ready, failed); null for other kinds. */
  conversion: fileConversionSchema.nullable(),
});

/** A file of a unit: the newest version's data at the top level, all versions newest first. */
export const projectFileSchema = z.object({
  projectFileID: z.number().int(),
  projectUnitID: z.number().int(),
  name: z.string(),
  kind: z.string(),
  version: z.number().int(),
  size: z.number(),
  contentType: z.string(),
  uploadedBy: z.number().int().nullable(),
  uploadedByName: z.string().nullable(),
  createdOn: z.string(),
  canDelete: z.boolean(),
  versions: z.array(fileVersionSchema),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const unitFilesSchema = z.object({
  data: z.array(projectFileSchema),
  canUpload: z.boolean(),
  /** The tenant's policy, so the upload area can refuse early and explain. */
  allowedExtensions: z.array(z.string()),
  maxFileSizeBytes: z.number(),
});
export type UnitFiles = z.infer<typeof unitFilesSchema>;

/** File tree node (spec §3), with sizes for the download dialog. */
export type FileTreeNode = {
  projectUnitID: number;
  projectUnitNo: string;
  title: string;
  selected: boolean;
  files: { projectFileID: number; name: string; size: number; selected: boolean }[];
  children: FileTreeNode[];
};
// Named (`meta.id`): the API document refers to it from inside itself, a recursive schema.
export const fileTreeNodeSchema: z.ZodType<FileTreeNode> = z
  .lazy(() =>
    z.object({
      projectUnitID: z.number().int(),
      projectUnitNo: z.string(),
      title: z.string(),
      selected: z.boolean(),
      files: z.array(
        z.object({ projectFileID: z.number().int(), name: z.string(), size: z.number(), selected: z.boolean() }),
      ),
      children: z.array(fileTreeNodeSchema),
    }),
  )
  .meta({ id: 'FileTreeNode' });

export const MAX_DOWNLOAD_FILES = 2000;

/** The selection posted for a zip download (spec §7). */
export const downloadSelectionSchema = z
  .array(
    z.object({
      projectUnitID: idValue,
      fileID: idValue,
      fileName: z.string().max(1000).optional(),
    }),
  )
  .min(1)
  .max(MAX_DOWNLOAD_FILES);
export type DownloadSelection = z.infer<typeof downloadSelectionSchema>;

export const downloadCreatedSchema = z.object({
  downloadID: z.string(),
  fileCount: z.number().int(),
  totalSize: z.number(),
});
export type DownloadCreated = z.infer<typeof downloadCreatedSchema>;

export const fileVersionQuerySchema = z.object({ version: idParam.optional() });

export const downloadIdParam = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A tenant's file policy as the admin sets it: at least one kind, a size limit in range. */
export const filePolicyInputSchema = z.object({
  allowedKinds: z
    .array(z.enum(allFileKinds as [FileKind, ...FileKind[]], { error: 'ADMIN.FilePolicy.Errors.UnknownKind' }), {
      error: 'ADMIN.FilePolicy.Errors.KindsRequired',
    })
    .min(1, 'ADMIN.FilePolicy.Errors.KindsRequired')
    .max(allFileKinds.length * 2),
  maxFileSizeBytes: z
    .number({ error: 'VALIDATION.WholeNumber' })
    .int('VALIDATION.WholeNumber')
    .min(MIN_FILE_SIZE_LIMIT_BYTES, 'ADMIN.FilePolicy.Errors.SizeRange')
    .max(MAX_FILE_SIZE_LIMIT_BYTES, 'ADMIN.FilePolicy.Errors.SizeRange'),
});
export type FilePolicyInput = z.infer<typeof filePolicyInputSchema>;

/**
 * The policy in force; `isDefault` while the tenant has not set its own. `modelMaxFileSizeBytes`
 * is the largest IFC model the server's converter opens (set by the operator): IFC uploads are
 * held to the smaller of it and `maxFileSizeBytes`.
 */
export const filePolicySchema = z.object({
  allowedKinds: z.array(z.enum(allFileKinds as [FileKind, ...FileKind[]])),
  maxFileSizeBytes: z.number().int(),
  modelMaxFileSizeBytes: z.number().int(),
  isDefault: z.boolean(),
});
export type FilePolicyView = z.infer<typeof filePolicySchema>;
