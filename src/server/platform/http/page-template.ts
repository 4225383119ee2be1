/**
 * The page the server fills for every address of the app: Vite's `index.html` with named regions,
 * marked at build time (`markTemplate`, the `planport-page-template` plugin of vite.config.ts) and
 * filled per request (`fillTemplate`, src/server/platform/http/static-client.ts). A region is
 * `<!--ssr-name-->default<!--/ssr-name-->`; a page leaves a region as the build wrote it or puts
 * its own text there.
 * - `html`: the `<html>` start tag (a first screen names its language there);
 * - `theme`: the `theme-color` meta tag (the colour of the user's tenant);
 * - `head`: empty, before the app's code in the head (the translation file's hint);
 * - `start`: the entry's module script and its module hints, as Vite wrote them;
 * - `screen`: the `#root` element with the placeholder shown until the app renders.
 * A build whose page lacks one of them fails, and so does a server started on such a page: the
 * first screen never switches itself off because Vite's output changed shape.
 */
const REGIONS = ['html', 'theme', 'head', 'start', 'screen'] as const;
type Region = (typeof REGIONS)[number];

const open = (region: Region) => `<!--ssr-${region}-->`;
const close = (region: Region) => `<!--/ssr-${region}-->`;
const wrap = (region: Region, text: string) => `${open(region)}${text}${close(region)}`;

/** The tags of Vite's page this build step expects: anything else fails the build. */
const ENTRY = /^<script type="module" crossorigin src="([^"]+)"><\/script>$/;
const MODULE_HINT = /^<link rel="modulepreload" crossorigin href="([^"]+)">$/;

/** Exactly one match of `expression` in `text`, else an error naming `what`. */
function single(text: string, expression: RegExp, what: string): RegExpExecArray {
  const all = [...text.matchAll(new RegExp(expression.source, `${expression.flags.replace('g', '')}g`))];
  if (all.length !== 1) throw new Error(`page template: expected one ${what} in Vite's page, found ${all.length}`);
  return all[0] as RegExpExecArray;
}

/**
 * Build time: Vite's finished page (its tags injected) with the regions marked. `entry` is the
 * address of the entry chunk Vite made for the page. Throws when the page is not shaped as the
 * regions need.
 */
export function markTemplate(html: string, entry: string): string {
  if (html.includes('<!--ssr-')) throw new Error('page template: the page is marked already');
  if (/<link[^>]*rel="stylesheet"/.test(html))
    throw new Error('page template: the entry links a style sheet; the first screen inlines the rules it uses instead');
  const htmlTag = single(html, /<html[^>]*>/, '<html> start tag');
  const script = single(html, /<script type="module"[^>]*><\/script>/, 'module script');
  if (ENTRY.exec(script[0])?.[1] !== entry)
    throw new Error(`page template: the module script is not the entry ${entry}: ${script[0]}`);
  const hints = [...html.matchAll(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g)];
  for (const hint of hints)
    if (!MODULE_HINT.test(hint[0].trim())) throw new Error(`page template: unexpected module hint ${hint[0].trim()}`);
  const start = [script[0], ...hints.map((hint) => hint[0].trim())].join('');
  const theme = single(html, /<meta name="theme-color"[^>]*>/, 'theme-color meta tag');
  let page = html.replace(htmlTag[0], wrap('html', htmlTag[0])).replace(theme[0], wrap('theme', theme[0]));
  page = page.replace(new RegExp(`[ \\t]*${escape(script[0])}\\n?`), '');
  for (const hint of hints) page = page.replace(hint[0], '');
  single(page, /<\/head>/, '</head>');
  page = page.replace('</head>', `${wrap('head', '')}${wrap('start', start)}</head>`);
  const root = single(page, /<div id="root">/, '#root element');
  const body = single(page, /<\/body>/, '</body>');
  const end = page.lastIndexOf('</div>', body.index);
  if (end < root.index || page.slice(end + '</div>'.length, body.index).trim())
    throw new Error('page template: the #root element must be the last element of the body');
  const rootEnd = end + '</div>'.length;
  return `${page.slice(0, root.index)}${wrap('screen', page.slice(root.index, rootEnd))}${page.slice(rootEnd)}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A marked page, read once at start: the text between the regions and each region's default. */
export type PageTemplate = {
  /** `REGIONS.length + 1` pieces of fixed text around the regions. */
  between: string[];
  defaults: Record<Region, string>;
  /** The code the page starts: the entry's address and the modules it imports, from the `start` region. */
  entry: string;
  modules: string[];
  /** The build's id (`planport-build`), which the translation files' addresses carry. */
  build: string;
};

/**
 * The template of a built page. Throws (the server does not start) when a region is missing, out
 * of order, or the `start` region holds anything but the entry's tags: the client was not built by
 * this version's vite.config.ts.
 */
export function readTemplate(html: string): PageTemplate {
  const between: string[] = [];
  const defaults = {} as Record<Region, string>;
  let at = 0;
  for (const region of REGIONS) {
    const from = html.indexOf(open(region), at);
    const to = html.indexOf(close(region), from);
    if (from < 0 || to < 0)
      throw new Error(
        `The client's index.html has no ${open(region)} region: build the client with this version (npm run build)`,
      );
    between.push(html.slice(at, from));
    defaults[region] = html.slice(from + open(region).length, to);
    at = to + close(region).length;
  }
  between.push(html.slice(at));
  const script = new RegExp(ENTRY.source.slice(0, -1)).exec(defaults.start);
  const rest = defaults.start.slice(script?.[0].length ?? 0);
  const hints = [...rest.matchAll(new RegExp(MODULE_HINT.source.slice(1, -1), 'g'))];
  if (!script?.[1] || hints.map((hint) => hint[0]).join('') !== rest)
    throw new Error(`The client's index.html: unexpected ${open('start')} region ${defaults.start}`);
  const build = /<meta name="planport-build" content="([^"]+)"/.exec(html)?.[1];
  if (!build) throw new Error(`The client's index.html has no planport-build meta tag`);
  return { between, defaults, entry: script[1], modules: hints.map((hint) => hint[1] ?? ''), build };
}

/** The page with the given regions' text in place of their defaults. */
export function fillTemplate(template: PageTemplate, values: Partial<Record<Region, string>>): string {
  let page = template.between[0] ?? '';
  REGIONS.forEach((region, i) => {
    page += (values[region] ?? template.defaults[region]) + (template.between[i + 1] ?? '');
  });
  return page;
}
