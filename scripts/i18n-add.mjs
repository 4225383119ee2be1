// Merges translations into public/assets/i18n/{de,en,nl}.json under a lock, so several
// people (or scripts) can add keys at once without losing each other's edits.
// Usage: node scripts/i18n-add.mjs file.json   with { "de": {...}, "en": {...}, "nl": {...} }
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'public/assets/i18n');
const lock = path.join(dir, '.lock');
const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

function merge(target, source) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      target[k] = merge(target[k] && typeof target[k] === 'object' ? target[k] : {}, v);
    else target[k] = v;
  }
  return target;
}

const started = Date.now();
for (;;) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    if (Date.now() - started > 30_000) fs.rmSync(lock, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 50));
  }
}
try {
  for (const lang of ['de', 'en', 'nl']) {
    if (!input[lang]) throw new Error(`missing "${lang}" in ${process.argv[2]}`);
    const file = path.join(dir, `${lang}.json`);
    const current = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, `${JSON.stringify(merge(current, input[lang]), null, 2)}\n`);
  }
} finally {
  fs.rmSync(lock, { recursive: true, force: true });
}
console.log('translations merged');
