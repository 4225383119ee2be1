import { admin, member, type OperationDoc } from './common';

/** Project files and the file policy. */

export const fileDocs: Record<string, OperationDoc> = {
  // files
  'GET /api/file/projectFiles/:rootUnitId': {
    summary: 'File tree of a project',
    description: `Every unit of the project with its files and versions. ${member}`,
  },
  'POST /api/file/projectFiles/:rootUnitId': {
    summary: 'Prepare a zip download',
    description: 'Collects the files chosen into a zip; the answer names the download to fetch.',
    example: [{ projectUnitID: 42, fileID: 310, fileName: 'plan-ground-floor.pdf' }],
  },
  'GET /api/file/projectFiles/download/:downloadID': {
    summary: 'Fetch a zip download',
    description: 'The zip prepared before (`application/zip`), for the user who asked for it.',
  },
  'GET /api/file/:rootId/:unitId': {
    summary: 'Files of a unit',
    description: `The unit's files with their versions, sizes and states. ${member}`,
  },
  'GET /api/file/:rootId/:unitId/:fileId/content': {
    summary: 'Download a file',
    description: `The bytes of the newest (or the \`version\` given) version of a file. ${member}`,
  },
  'DELETE /api/file/:rootId/:unitId/:fileId': {
    summary: 'Delete a file',
    description:
      "Soft-deletes a file; its bytes are removed after the retention period. Members who may change the unit's files.",
  },
  'GET /api/data/:product/file-policy': {
    summary: 'Read the file policy',
    description: `Allowed file kinds and the size limit per file. ${admin}`,
  },
  'PUT /api/data/:product/file-policy': {
    summary: 'Set the file policy',
    description: `Allowed kinds and the size limit (1 MB to 10 GB). ${admin}`,
    example: { allowedKinds: ['pdf', 'ifc', 'dwg'], maxFileSizeBytes: 524288000 },
  },
  'DELETE /api/data/:product/file-policy': {
    summary: 'Reset the file policy',
    description: `Back to the defaults. ${admin}`,
  },
  'GET /api/data/:product/file-policy/usage': {
    summary: 'Storage usage',
    description: `The tenant's stored bytes and files against its quota. ${admin}`,
  },
};
