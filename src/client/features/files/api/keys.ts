export const fileKeys = {
  all: ['files'] as const,
  unit: (rootId: number, unitId: number) => ['files', 'unit', rootId, unitId] as const,
  tree: (rootId: number) => ['files', 'tree', rootId] as const,
};

export const fileContentUrl = (rootId: number, unitId: number, fileId: number, version?: number, inline = false) =>
  `/api/file/${rootId}/${unitId}/${fileId}/content?${new URLSearchParams({
    ...(version ? { version: String(version) } : {}),
    ...(inline ? { inline: '1' } : {}),
  }).toString()}`;
