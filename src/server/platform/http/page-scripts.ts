import { createHash } from 'node:crypto';

/**
 * JSON inside a `<script>` element: `<`, `>` and `&` escaped (no `</script>` or `<!--` can end or
 * change the element, whatever a user wrote into a name or banner), as are the line separators
 * JavaScript once did not allow in strings. `JSON.parse` reads the escapes back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The id of the JSON element that lists what the app's start loads (see `startList`). */
export const START_ELEMENT_ID = 'planport-start';

/**
 * The page's only inline script: it loads the app's code once the browser has painted the first
 * screen the server rendered (its `first-contentful-paint`), instead of beside the page.
 * - The requests of the code then do not hold the first paint: on a fast line the code arrived
 *   and ran before the browser painted at all, and the first screen showed only after it.
 * - At once where no paint is coming: a hidden tab, a browser without paint timing; at the
 *   latest after a second.
 * - It sits in the head, so that before the paint it makes the browser load the locale data of
 *   the page's language (at the end of the body it ran after the paint as often as before).
 * Fixed text: the Content-Security-Policy allows exactly this script by its hash.
 */
export const startScript = `(function () {
  // The page's first date or number format costs the browser its locale data (15 to 20 ms on a
  // phone's processor): paid here, in the head, before anything can be painted, not in the middle
  // of the app's first render.
  try {
    new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(0);
    new Intl.NumberFormat(document.documentElement.lang).format(0);
  } catch (error) {}
  var started = false;
  function start() {
    if (started) return;
    var element = document.getElementById('${START_ELEMENT_ID}');
    // The list comes after the screen: not parsed yet (a hidden tab, a slow line), it is awaited.
    if (!element) return document.addEventListener('DOMContentLoaded', start);
    started = true;
    var list = JSON.parse(element.textContent);
    function link(rel, href, as) {
      var element = document.createElement('link');
      element.rel = rel;
      if (as) element.as = as;
      element.crossOrigin = '';
      element.href = href;
      document.head.appendChild(element);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = list.entry;
    document.head.appendChild(script);
    list.fetches.forEach(function (href) { link('preload', href, 'fetch'); });
    list.styles.forEach(function (href) { link('preload', href, 'style'); });
    // The entry's modules one per task: a hint costs the main thread up to 10 ms where the browser
    // records what starts each request (its developer tools, Lighthouse), so none holds it long.
    (function hint(index) {
      if (index >= list.modules.length) return;
      link('modulepreload', list.modules[index]);
      setTimeout(hint, 0, index + 1);
    })(0);
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState !== 'visible' || types.indexOf('paint') < 0) return start();
  new PerformanceObserver(function (entries, observer) {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start);
  setTimeout(start, 1000);
})();`;

/** The CSP source that allows `startScript` and nothing else inline. */
export const startScriptHash = `'sha256-${createHash('sha256').update(startScript).digest('base64')}'`;

/** What the start script loads, in this order: the entry and its modules, the translation file, the whole sheets. */
type StartList = { entry: string; modules: string[]; fetches: string[]; styles: string[] };

/**
 * The head of a page with a first screen carries these in place of the app's code: the start
 * script, and a hint that the browser paints once the list (after the screen) is parsed — the
 * whole screen, never the part of it parsed so far, which the rest would then move.
 */
export const startTags = `<link rel="expect" href="#${START_ELEMENT_ID}" blocking="render"><script>${startScript}</script>`;

/** The list `startScript` reads, as the element that follows the screen. */
export function startList(list: StartList): string {
  return `<script type="application/json" id="${START_ELEMENT_ID}">${jsonForScript(list)}</script>`;
}
