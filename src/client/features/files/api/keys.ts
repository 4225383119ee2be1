export const fileContentUrl = (rootId: number, unitId: number, fileId: number, version?: number, inline = false) =>
  `/api/file/${rootId}/${unitId}/${fileId}/content?${new URLSearchParams({
    ...(version ? { version: String(version) } : {}),
    ...(inline ? { inline: '1' } : {}),
  }).toString()}`;
