/**
 * The service worker (public/sw.js) keeps the built client for a fast start and shows an offline
 * page without a network; it makes the app installable on a phone. Registered by the built client
 * only: in development Vite serves unhashed modules that must never be kept.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded, so the worker's own requests never compete with the first screen's.
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** At sign-out: nothing kept by the worker outlives the session. */
export async function clearServiceWorkerCaches(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage('signed-out');
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}
