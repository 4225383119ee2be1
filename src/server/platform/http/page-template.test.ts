import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { vitePage } from '../../test/built-page';
import { fillTemplate, markTemplate, readTemplate } from './page-template';
import { registerStaticClient } from './static-client';

describe('the page template', () => {
  it('marks the regions of Vite\u2019s page at build time and reads them back at start', () => {
    const marked = markTemplate(vitePage, '/assets/index-1.js');
    expect(marked).toContain('<!--ssr-html--><html lang="de"><!--/ssr-html-->');
    expect(marked).toContain('<!--ssr-theme--><meta name="theme-color" content="#0b7285" /><!--/ssr-theme-->');
    expect(marked).toContain(
      '<!--ssr-head--><!--/ssr-head--><!--ssr-start--><script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/keys-1.js"><!--/ssr-start--></head>',
    );
    expect(marked).toMatch(
      /<!--ssr-screen--><div id="root">\s*<div>Planport<\/div>\s*<\/div><!--\/ssr-screen-->\s*<\/body>/,
    );
    const template = readTemplate(marked);
    expect(template.entry).toBe('/assets/index-1.js');
    expect(template.modules).toEqual(['/assets/keys-1.js']);
    expect(template.build).toBe('20261124');
    // Left as it is, the page is Vite's page with the same tags (only moved together, and the marks).
    const plain = fillTemplate(template, {}).replace(/<!--\/?ssr-\w+-->/g, '');
    const tags = (html: string) => html.match(/<[^!/][^>]*>/g)?.sort();
    expect(tags(plain)).toEqual(tags(vitePage));
    const filled = fillTemplate(template, {
      html: '<html lang="en">',
      head: '<link rel="preload">',
      screen: '<main></main>',
    });
    expect(filled).toMatch(/^<!doctype html>\s*<html lang="en">\s*<head>/);
    expect(filled).toContain('<link rel="preload"><script type="module" crossorigin src="/assets/index-1.js">');
    expect(filled).toMatch(/<body style="margin: 0">\s*<main><\/main>\s*<\/body>/);
    expect(filled).not.toContain('Planport</div>');
    expect(filled).not.toContain('<!--');
  });

  it('fails the build when Vite\u2019s page is not shaped as the regions need', () => {
    expect(() => markTemplate(vitePage, '/assets/other.js')).toThrow(/not the entry/);
    expect(() => markTemplate(vitePage.replace('name="theme-color"', 'name="x"'), '/assets/index-1.js')).toThrow(
      /theme-color/,
    );
    expect(() => markTemplate(vitePage.replace('<div id="root">', '<div id="app">'), '/assets/index-1.js')).toThrow(
      /#root/,
    );
    expect(() =>
      markTemplate(vitePage.replace('</div>\n  </body>', '</div><p>after</p>\n  </body>'), '/assets/index-1.js'),
    ).toThrow(/last element/);
    expect(() =>
      markTemplate(vitePage.replace('<title>', '<link rel="stylesheet" href="/a.css"><title>'), '/assets/index-1.js'),
    ).toThrow(/style sheet/);
    expect(() =>
      markTemplate(
        vitePage.replace('crossorigin href="/assets/keys-1.js"', 'href="/assets/keys-1.js"'),
        '/assets/index-1.js',
      ),
    ).toThrow(/module hint/);
  });

  it('refuses to start on a page without its regions, naming the missing one', async () => {
    const marked = markTemplate(vitePage, '/assets/index-1.js');
    expect(() => readTemplate(vitePage)).toThrow(/<!--ssr-html-->/);
    expect(() => readTemplate(marked.replace('<!--/ssr-screen-->', ''))).toThrow(/<!--ssr-screen-->/);
    expect(() => readTemplate(marked.replace('<link rel="modulepreload"', '<link rel="preload"'))).toThrow(/start/);
    expect(() => readTemplate(marked.replace('planport-build', 'build'))).toThrow(/planport-build/);

    // The server does not start on such a page, instead of serving it without its first screen.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), vitePage);
      const app = Fastify();
      await expect(registerStaticClient(app, dir)).rejects.toThrow(/<!--ssr-html-->/);
      await app.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
