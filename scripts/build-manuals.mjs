// `node scripts/build-manuals.mjs [--force]`: docs/manuals/*.md → dist/manuals/*.pdf.
import { buildManualsIfStale } from './lib/build-manuals.mjs';

const built = await buildManualsIfStale({ force: process.argv.includes('--force') });
for (const b of built) console.log(`manual ${b.language}: ${b.pages} pages → ${b.target}`);
if (built.length === 0) console.log('manuals are up to date');
