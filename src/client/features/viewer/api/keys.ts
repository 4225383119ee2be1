export const viewerBase = (rootId: number, unitId: number) => `/api/viewer/${rootId}/${unitId}`;

export const fragmentsUrl = (rootId: number, unitId: number, fileId: number, version: number) =>
  `${viewerBase(rootId, unitId)}/files/${fileId}/fragments?version=${version}`;

export const pdfUrl = (rootId: number, unitId: number, fileId: number, version: number) =>
  `/api/file/${rootId}/${unitId}/${fileId}/content?version=${version}&inline=1`;
