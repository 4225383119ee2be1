// Names of a CPU profile's frames in the original sources, where the build has source maps
// (`npx vite build --sourcemap --outDir <dir>`, then `CLIENT_DIR=<dir>`).
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { clientDir } from '../../lib/build-client.mjs';

const maps = new Map();
function sourceMapOf(url) {
  const file = url.replace(/^.*\/assets\//, '');
  if (!maps.has(file)) {
    const mapFile = path.join(clientDir, 'assets', `${file}.map`);
    maps.set(file, fs.existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(file);
}

/** `{ name, source }` of a profile's call frame: the original function and file where mapped. */
export function originalFrame(frame) {
  let source = frame.url ? frame.url.replace(/^.*\//, '') : `(${frame.functionName || 'native'})`;
  let name = frame.functionName || '(top level)';
  const map = frame.url && sourceMapOf(frame.url);
  if (map) {
    const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original.source) {
      source = original.source.replace(/^.*node_modules\//, '').replace(/^.*?(src\/(client|shared)\/)/, '$1');
      name = original.name || name;
    }
  }
  return { name, source };
}
