// Turns the Markdown manuals in docs/manuals/{de,nl}.md into PDFs in dist/manuals
// (served at /manuals/manual_for_reviewer_{de|nl}.pdf). No browser: marked's lexer gives the
// blocks, pdfkit lays them out. Each top-level heading starts a new page.
import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import PDFDocument from 'pdfkit';

const root = path.resolve(import.meta.dirname, '../..');
export const manualSources = path.join(root, 'docs/manuals');
export const manualsOut = path.resolve(root, process.env.MANUALS_DIR ?? 'dist/manuals');
export const manualLanguages = ['de', 'nl'];

const fonts = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  mono: 'Courier',
};
const colors = { text: '#212529', accent: '#0b7285', dimmed: '#6c757d', rule: '#ced4da' };
const footerText = { de: 'Planport – Handbuch für Prüfer', nl: 'Planport – handleiding voor controleurs' };
const pageWord = { de: 'Seite', nl: 'Pagina' };

/** Inline tokens → flat runs of text with their style. */
function runsOf(tokens, style = {}) {
  const runs = [];
  for (const tok of tokens ?? []) {
    switch (tok.type) {
      case 'strong':
        runs.push(...runsOf(tok.tokens, { ...style, bold: true }));
        break;
      case 'em':
        runs.push(...runsOf(tok.tokens, { ...style, italic: true }));
        break;
      case 'codespan':
        runs.push({ text: tok.text, ...style, mono: true });
        break;
      case 'link':
        runs.push(...runsOf(tok.tokens, { ...style, link: tok.href }));
        break;
      case 'br':
        runs.push({ text: '\n', ...style });
        break;
      case 'text':
        if (tok.tokens) runs.push(...runsOf(tok.tokens, style));
        else runs.push({ text: decode(tok.text), ...style });
        break;
      case 'escape':
      case 'html':
        runs.push({ text: decode(tok.text), ...style });
        break;
      default:
        if (tok.text) runs.push({ text: decode(tok.text), ...style });
    }
  }
  return runs;
}

function decode(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function fontOf(run) {
  if (run.mono) return fonts.mono;
  if (run.bold && run.italic) return fonts.boldItalic;
  if (run.bold) return fonts.bold;
  if (run.italic) return fonts.italic;
  return fonts.regular;
}

function writeRuns(doc, runs, options = {}) {
  const list = runs.length ? runs : [{ text: '' }];
  list.forEach((run, i) => {
    doc.font(fontOf(run)).fillColor(run.link ? colors.accent : (options.color ?? colors.text));
    doc.text(run.text, { ...options, continued: i < list.length - 1, link: run.link ?? null, underline: !!run.link });
  });
}

function renderBlock(doc, tok, ctx) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  switch (tok.type) {
    case 'heading': {
      if (tok.depth === 1) {
        if (ctx.started) doc.addPage();
        ctx.started = true;
        doc.moveDown(ctx.first ? 4 : 0.5);
        doc.fontSize(ctx.first ? 26 : 20);
        writeRuns(
          doc,
          runsOf(tok.tokens).map((r) => ({ ...r, bold: true })),
          { color: colors.accent, width },
        );
        ctx.first = false;
        const y = doc.y + 4;
        doc
          .moveTo(left, y)
          .lineTo(left + width, y)
          .lineWidth(1)
          .strokeColor(colors.accent)
          .stroke();
        doc.moveDown(1);
      } else {
        doc.moveDown(0.6);
        doc.fontSize(tok.depth === 2 ? 14 : 12);
        writeRuns(
          doc,
          runsOf(tok.tokens).map((r) => ({ ...r, bold: true })),
          { width },
        );
        doc.moveDown(0.3);
      }
      doc.fontSize(11);
      break;
    }
    case 'paragraph':
      doc.fontSize(11);
      writeRuns(doc, runsOf(tok.tokens), { width, align: 'left', lineGap: 2 });
      doc.moveDown(0.6);
      break;
    case 'list': {
      doc.fontSize(11);
      tok.items.forEach((item, i) => {
        const marker = tok.ordered ? `${Number(tok.start || 1) + i}.` : '•';
        const y = doc.y;
        doc
          .font(fonts.regular)
          .fillColor(colors.text)
          .text(marker, left + 6, y, { width: 18 });
        doc.y = y;
        doc.x = left + 26;
        const inline = item.tokens.flatMap((t) =>
          t.type === 'text' || t.type === 'paragraph' ? runsOf(t.tokens ?? [t]) : [],
        );
        writeRuns(doc, inline, { width: width - 26, lineGap: 2, indent: 0 });
        doc.x = left + 26;
        doc.moveDown(0.25);
      });
      doc.x = left;
      doc.moveDown(0.4);
      break;
    }
    case 'blockquote': {
      const top = doc.y;
      doc.x = left + 14;
      for (const inner of tok.tokens) {
        if (inner.type === 'paragraph')
          writeRuns(doc, runsOf(inner.tokens), { width: width - 14, color: colors.dimmed, lineGap: 2 });
      }
      doc
        .moveTo(left + 4, top)
        .lineTo(left + 4, doc.y)
        .lineWidth(3)
        .strokeColor(colors.rule)
        .stroke();
      doc.x = left;
      doc.moveDown(0.6);
      break;
    }
    case 'code':
      doc.font(fonts.mono).fontSize(10).fillColor(colors.text).text(tok.text, { width });
      doc.fontSize(11).moveDown(0.6);
      break;
    case 'hr': {
      const y = doc.y + 4;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.5)
        .strokeColor(colors.rule)
        .stroke();
      doc.moveDown(1);
      break;
    }
    default:
      break;
  }
}

/** Renders one manual; resolves when the file is written. */
export function renderManual(markdown, language, outFile) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    bufferPages: true,
    info: { Title: footerText[language] ?? footerText.de, Author: 'Planport', Subject: 'Manual for reviewers' },
    lang: language,
  });
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const stream = fs.createWriteStream(outFile);
  doc.pipe(stream);
  doc.fontSize(11);
  const ctx = { started: false, first: true };
  for (const tok of marked.lexer(markdown)) renderBlock(doc, tok, ctx);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 40;
    // Writing inside the bottom margin must not add pages.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(fonts.regular).fontSize(9).fillColor(colors.dimmed);
    doc.text(footerText[language] ?? footerText.de, 64, bottom, { lineBreak: false });
    const label = `${pageWord[language] ?? pageWord.de} ${i + 1} / ${range.count}`;
    doc.text(label, doc.page.width - 64 - doc.widthOfString(label), bottom, { lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return new Promise((resolve, reject) => {
    stream.on('finish', () => resolve(range.count));
    stream.on('error', reject);
  });
}

function isStale(source, target) {
  if (!fs.existsSync(target)) return true;
  const built = fs.statSync(target).mtimeMs;
  return fs.statSync(source).mtimeMs > built || fs.statSync(import.meta.filename).mtimeMs > built;
}

/** Builds every manual whose Markdown (or this script) is newer than its PDF. */
export async function buildManualsIfStale({ force = false } = {}) {
  const built = [];
  for (const language of manualLanguages) {
    const source = path.join(manualSources, `${language}.md`);
    const target = path.join(manualsOut, `manual_for_reviewer_${language}.pdf`);
    if (!force && !isStale(source, target)) continue;
    const pages = await renderManual(fs.readFileSync(source, 'utf8'), language, target);
    built.push({ language, pages, target });
  }
  return built;
}
