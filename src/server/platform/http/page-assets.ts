import fs from 'node:fs';
import path from 'node:path';
import { pages, type PageName } from '../../../shared/routes';
import { prepareSheet, type PreparedSheet } from './used-css';

type ManifestChunk = {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;

/**
 * What a page opened directly loads at once beyond the entry's code, announced with the page so it
 * loads beside the entry instead of after it has run (one round trip later): the style sheets (by
 * address) and the modules of its lazy code.
 */
export type PageAssets = { styles: string[]; modules: string[] };

/** The style sheet the entry loads itself before its first screen (src/client/app/styles.ts). */
const startStyles = 'src/client/app/styles.ts';
/** Mantine's styles beyond the first screen's, which every lazy page waits for (src/client/lib/later-styles.ts). */
const laterStyles = 'src/client/lib/later-style-sheets.ts';

/** The Vite manifest of the build (`.vite/manifest.json`); empty without one. */
export function readManifest(clientDir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/**
 * The manifest key of a page's chunk: its source path, or — when the bundler merged the page's
 * chunk with others and the chunk lost its source — the lazily loaded chunk named after the file.
 */
function chunkKey(manifest: Manifest, source: string): string | undefined {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.[cm]?[jt]sx?$/, '');
  return Object.keys(manifest).find((key) => manifest[key]?.isDynamicEntry && manifest[key]?.name === name);
}

/** The addresses of the style sheets of a chunk of the manifest; none when it is not there. */
function styleSheets(manifest: Manifest, key: string): string[] {
  const chunk = manifest[key];
  if (!chunk) return [];
  // A chunk of styles only is listed by its style sheet; one with code lists its sheets apart.
  return [...(chunk.file.endsWith('.css') ? [chunk.file] : []), ...(chunk.css ?? [])].map((file) => `/${file}`);
}

/**
 * The assets of each page of the table (src/shared/routes.ts), read from the Vite manifest of the
 * build: every page announces the style sheet the entry requests when it starts (not a
 * render-blocking link, so the page's placeholder paints at once); a page with lazy code adds its
 * chunks and their sheets beyond the entry's, and Mantine's later styles where it waits for them.
 */
export function pageAssets(manifest: Manifest): (name: PageName | undefined) => PageAssets {
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
  };
  const initial = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, initial);
  const initialCss = new Set([...initial].flatMap((key) => manifest[key]?.css ?? []));
  const plain: PageAssets = { styles: styleSheets(manifest, startStyles), modules: [] };
  const byPage = new Map<PageName, PageAssets>();
  for (const [name, page] of Object.entries(pages) as [PageName, (typeof pages)[PageName]][]) {
    if (!('lazy' in page)) continue;
    const keys = new Set<string>();
    for (const source of page.lazy) {
      const key = chunkKey(manifest, source);
      if (key) closure(key, keys);
    }
    if (keys.size === 0) continue;
    const own = [...keys].filter((key) => !initial.has(key));
    const css = own.flatMap((key) => manifest[key]?.css ?? []).filter((file) => !initialCss.has(file));
    const styles = [
      ...plain.styles,
      ...('laterStyles' in page && page.laterStyles ? styleSheets(manifest, laterStyles) : []),
      ...css.map((file) => `/${file}`),
    ];
    byPage.set(name, {
      styles: [...new Set(styles)],
      modules: own.map((key) => `/${manifest[key]?.file ?? ''}`),
    });
  }
  return (name) => (name && byPage.get(name)) || plain;
}

/** The style sheets of the build by their address (`/assets/….css`), prepared for `usedCss`. */
export function readStyleSheets(clientDir: string, manifest: Manifest): Map<string, PreparedSheet> {
  const files = new Set(
    Object.values(manifest).flatMap((c) => [...(c.css ?? []), ...(c.file.endsWith('.css') ? [c.file] : [])]),
  );
  return new Map(
    [...files].map((file) => [`/${file}`, prepareSheet(fs.readFileSync(path.join(clientDir, file), 'utf8'))]),
  );
}
