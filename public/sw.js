/* Planport's service worker (registered by the built client only, src/client/lib/service-worker.ts).
 *
 * - The built client's files (`/assets/…`, named by their content hash) are kept and served from
 *   the cache first: the shell opens at once, also on a slow site connection.
 * - Pages (navigations) always go to the network, since a page carries the signed-in user's first
 *   screen; without a network the user sees a clear offline page in their language.
 * - Nothing under /api/ or /Account/ is ever cached: no data of one user survives for another
 *   or after sign-out. The client clears the caches at sign-out (message `signed-out`).
 */
const SHELL_CACHE = 'planport-shell-v1';
const LANGUAGES = ['de', 'en', 'nl'];
const OFFLINE_TEXTS = 'offline-texts';

self.addEventListener('install', (event) => {
  // The offline page's texts come from the translation files (keys OFFLINE.*), kept at install.
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      const texts = {};
      for (const lang of LANGUAGES) {
        try {
          const res = await fetch(`/assets/i18n/${lang}.json`, { cache: 'no-cache' });
          if (res.ok) texts[lang] = (await res.json()).OFFLINE;
        } catch {
          // Offline at install: the page falls back to the texts below.
        }
      }
      await cache.put(
        OFFLINE_TEXTS,
        new Response(JSON.stringify(texts), { headers: { 'Content-Type': 'application/json' } }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== SHELL_CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

// The page names the built files it loaded before the worker controlled it; they are kept too.
const KEEP_MAX = 200;

self.addEventListener('message', (event) => {
  if (event.data === 'signed-out')
    event.waitUntil(caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))));
  else if (event.data && event.data.type === 'keep' && Array.isArray(event.data.urls))
    event.waitUntil(keep(event.data.urls.slice(0, KEEP_MAX)));
});

async function keep(paths) {
  const cache = await caches.open(SHELL_CACHE);
  const keepOne = async (path) => {
    if (typeof path !== 'string' || path.length > 300) return;
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin || !isHashedAsset(url) || (await cache.match(url.pathname))) return;
    try {
      await store(cache, new Request(url.pathname), await fetch(url.pathname));
    } catch {
      // Offline or refused: kept at the next load instead.
    }
  };
  // A few at a time: the page that asked is still loading what it needs.
  const queue = [...paths];
  const lane = async () => {
    while (queue.length) await keepOne(queue.shift());
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
}

async function store(cache, request, res) {
  // Only whole, public answers of the server itself are kept.
  if (res.ok && res.type === 'basic' && !/no-store|private/.test(res.headers.get('Cache-Control') || '')) {
    await cache.put(request, res.clone());
  }
}

const isHashedAsset = (url) => url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/i18n/');
const isPrivate = (url) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/Account/');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isPrivate(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => offlinePage(request)));
    return;
  }
  if (isHashedAsset(url)) event.respondWith(cacheFirst(request));
});

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(request);
  await store(cache, request, res);
  return res;
}

const FALLBACK = {
  de: { Title: 'Keine Verbindung', Text: 'Planport erreicht den Server nicht.', Retry: 'Erneut versuchen' },
  en: { Title: 'No connection', Text: 'Planport cannot reach the server.', Retry: 'Try again' },
  nl: { Title: 'Geen verbinding', Text: 'Planport kan de server niet bereiken.', Retry: 'Opnieuw proberen' },
};

function languageOf(request) {
  const header = request.headers.get('Accept-Language') || self.navigator.language || 'de';
  for (const part of header.split(',')) {
    const base = part.trim().slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return 'de';
}

const escape = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

async function offlinePage(request) {
  const lang = languageOf(request);
  let texts = FALLBACK[lang];
  try {
    const kept = await (await caches.open(SHELL_CACHE)).match(OFFLINE_TEXTS);
    if (kept) texts = (await kept.json())[lang] || texts;
  } catch {
    // The fallback texts above.
  }
  // No script (the page's CSP allows none inline): "Try again" is a link to the same address.
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escape(texts.Title)} – Planport</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8f9fa;color:#212529;font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
main{max-width:28rem;padding:2rem;text-align:center}
.brand{color:#087f5b;font-weight:700;font-size:1.125rem}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
a{display:inline-block;margin-top:1.5rem;padding:.625rem 1.25rem;border-radius:.25rem;background:#0b7285;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #1864ab;outline-offset:2px}
</style>
</head>
<body>
<main>
<div class="brand">Planport</div>
<h1>${escape(texts.Title)}</h1>
<p>${escape(texts.Text)}</p>
<a href="${escape(new URL(request.url).pathname)}">${escape(texts.Retry)}</a>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
