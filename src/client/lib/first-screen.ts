import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { loadLaterStyles } from './later-styles';

/** The app waits at most this long for the page's data before it replaces the server's first screen. */
const PAGE_DATA_WAIT_MS = 1500;

/**
 * Resolves once no request of the page (those the router's loaders started, the session's) is in
 * flight, at the latest after `PAGE_DATA_WAIT_MS`: the app's first render over the server's first
 * screen then shows the page with its data (src/client/main.tsx).
 */
export function pageDataSettled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(latest);
      stop();
      resolve();
    };
    const latest = setTimeout(done, PAGE_DATA_WAIT_MS);
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}

/** At the latest this long after it is first asked for, the first screen counts as up (a request may hang). */
const LATEST_MS = 4000;

let settled = false;
let waiting: Promise<void> | undefined;

/**
 * Resolves once the app's first screen is up: the page has loaded, the requests of its data are
 * answered and the browser is idle (so the screen has been drawn). Code that the first screen does
 * not show (menus, dialog hosts) loads after that instead of sharing the connection and the main
 * thread with it. It waits for the styles of the components beyond the first screen as well (they
 * load now), so what follows renders styled. Once settled it stays settled: later pages do not wait.
 */
export function firstScreenSettled(queryClient: QueryClient): Promise<void> {
  waiting ??= new Promise<void>((resolve) => {
    let idleRequested = false;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      window.clearTimeout(latest);
      unsubscribe();
      window.removeEventListener('load', check);
      void loadLaterStyles().then(() => {
        settled = true;
        resolve();
      });
    };
    const check = () => {
      if (idleRequested || document.readyState !== 'complete' || queryClient.isFetching() > 0) return;
      idleRequested = true;
      if (typeof requestIdleCallback === 'function') requestIdleCallback(finish, { timeout: 1000 });
      else window.setTimeout(finish, 200);
    };
    const latest = window.setTimeout(finish, LATEST_MS);
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    window.addEventListener('load', check);
    check();
  });
  return waiting;
}

/**
 * Whether what waits for the first screen may load now, and a way to load it at once (the pointer
 * on the placeholder of a menu: it is about to be used).
 */
export function useAfterFirstScreen(): [ready: boolean, loadNow: () => void] {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void firstScreenSettled(queryClient).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [queryClient, ready]);
  return [ready, () => setReady(true)];
}
