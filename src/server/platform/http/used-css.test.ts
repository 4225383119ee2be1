import { describe, expect, it } from 'vitest';
import { markupClasses, prepareSheet, usedCss } from './used-css';

const used = (css: string, ...classes: string[]) => usedCss(prepareSheet(css), new Set(classes));

describe('usedCss', () => {
  it('keeps a rule when one of its selectors names only classes the markup has', () => {
    expect(used('.a{x:1}.b{x:2}.a .b{x:3}.a,.c{x:4}', 'a')).toBe('.a{x:1}.a,.c{x:4}');
    expect(used('.a .b{x:3}', 'a', 'b')).toBe('.a .b{x:3}');
  });

  it('keeps rules without classes and at-rules that are not groups', () => {
    const css =
      ':root{--c:red}body{margin:0}[data-x]{y:1}@keyframes k{0%{opacity:0}to{opacity:1}}' +
      '@font-face{font-family:f;src:url(f.woff2)}@import url(x.css);';
    expect(used(css)).toBe(css);
  });

  it('sorts the rules inside @media, @supports and @layer, and drops a group left empty', () => {
    expect(used('@media (hover:hover){.a:hover{x:1}.b:hover{x:2}}@media print{.b{x:3}}', 'a')).toBe(
      '@media (hover:hover){.a:hover{x:1}}',
    );
    expect(used('@supports (display:grid){@media (min-width:1px){.a{x:1}.b{x:1}}}@layer l{.b{x:1}}', 'a')).toBe(
      '@supports (display:grid){@media (min-width:1px){.a{x:1}}}',
    );
  });

  it('reads classes only outside parentheses, brackets and strings', () => {
    // `:not(.b)` needs b to be missing; `:is(.c, .d)` one of them; a dot in an attribute value is no class.
    expect(used('.a:not(.b){x:1}', 'a')).toBe('.a:not(.b){x:1}');
    expect(used(':is(.c,.d) .a{x:1}', 'a')).toBe(':is(.c,.d) .a{x:1}');
    expect(used('.a[data-v="1.5"]{x:1}', 'a')).toBe('.a[data-v="1.5"]{x:1}');
    expect(used('.a:after{content:"}.b{"}', 'a')).toBe('.a:after{content:"}.b{"}');
  });

  it('reads escaped class names', () => {
    expect(used('.md\\:flex{display:flex}', 'md:flex')).toBe('.md\\:flex{display:flex}');
    expect(used('.md\\:flex{display:flex}', 'md')).toBe('');
  });

  it("leaves out the dark colour scheme's selectors", () => {
    expect(
      used('[data-mantine-color-scheme=dark] .a{x:1}:root[data-mantine-color-scheme="dark"]{y:1}.a{x:2}', 'a'),
    ).toBe('.a{x:2}');
    expect(used('[data-mantine-color-scheme=dark] .a,[data-mantine-color-scheme=light] .a{x:1}', 'a')).toBe(
      '[data-mantine-color-scheme=dark] .a,[data-mantine-color-scheme=light] .a{x:1}',
    );
  });

  it('drops comments between rules', () => {
    expect(used('/* a { } */.a{x:1}/*b*/.b{x:2}', 'a')).toBe('.a{x:1}');
  });
});

describe('markupClasses', () => {
  it('collects the classes of every class attribute', () => {
    expect([...markupClasses('<div class="a  b"><svg class="c"></svg><p class="">x</p></div>')]).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
