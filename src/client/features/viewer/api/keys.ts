export const viewerKeys = {
  all: ['viewer'] as const,
  units: ['viewer', 'units'] as const,
  unit: (unitId: number) => ['viewer', 'unit', unitId] as const,
  files: (rootId: number, unitId: number) => ['viewer', 'files', rootId, unitId] as const,
  topics: (rootId: number, unitId: number) => ['viewer', 'topics', rootId, unitId] as const,
  members: (rootId: number) => ['viewer', 'members', rootId] as const,
  actions: (unitId: number) => ['viewer', 'actions', unitId] as const,
};

export const viewerBase = (rootId: number, unitId: number) => `/api/viewer/${rootId}/${unitId}`;

export const fragmentsUrl = (rootId: number, unitId: number, fileId: number, version: number) =>
  `${viewerBase(rootId, unitId)}/files/${fileId}/fragments?version=${version}`;

export const pdfUrl = (rootId: number, unitId: number, fileId: number, version: number) =>
  `/api/file/${rootId}/${unitId}/${fileId}/content?version=${version}&inline=1`;
