import fsp from 'node:fs/promises';

/** Whether the file begins like a STEP file (ISO-10303-21); reads only its first bytes. */
export async function startsLikeStepFile(filePath: string): Promise<boolean> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).toString('latin1').trimStart().startsWith('ISO-10303-21;');
  } finally {
    await handle.close();
  }
}
