/**
 * The service worker (public/sw.js) keeps the built client for a fast start and shows an offline
 * page without a network; it makes the app installable on a phone. Registered by the built client
 * only: in development Vite serves unhashed modules that must never be kept.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded, so the worker's own requests never compete with the first screen's.
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: 'keep', urls: loadedAssets() }))
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * The built files this page has already loaded: the worker keeps them at once, so the shell opens
 * from the cache from the next visit on, even though this first load passed the worker by.
 */
function loadedAssets(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && url.pathname.startsWith('/assets/')) urls.add(url.pathname);
  }
  return [...urls];
}

/** At sign-out: nothing kept by the worker outlives the session. */
export async function clearServiceWorkerCaches(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage('signed-out');
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}
