import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { createAppRouter } from './app/router';
import { createQueryClient } from './app/providers';
import { activeBannersQuery } from './components/banner-notifications';
import { currentUserQuery } from './lib/current-user';
import { setUnauthenticatedHandler } from './lib/api-client';
import { detectLanguage, initI18n, preloadLanguage } from './lib/i18n';
import { providePageAnswers, takePageData } from './lib/page-data';
import { queryKeys } from './lib/query-keys';
import { seedSessionQueries } from './lib/seed-page-data';
import { pageDataSettled } from './lib/first-screen';
import { nextTask } from './lib/next-task';
import { registerServiceWorker } from './lib/service-worker';
import { reportWebVitals } from './lib/web-vitals';

// Mantine's styles: requested now, awaited before the first screen renders (see ./app/styles).
const styles = import('./app/styles');
// The start runs in several tasks (the libraries' code, the page's data, the router, the
// translations) instead of one long one: input is answered between them. The libraries' code has
// just run (the imports above).
await nextTask();
const queryClient = createQueryClient();

// The session's user, the page's banners and the unit a project page shows come with the page
// from the server (not from the development server): taken as answers, so the first screen does
// not wait for their requests. Before the router exists: it starts the page's loaders at once.
const pageData = takePageData();
providePageAnswers(pageData);
seedSessionQueries(queryClient, pageData, location.pathname);
// Here rather than beside the requests below: the first reading of the local storage is slow.
const detected = detectLanguage();

await nextTask();
const router = createAppRouter(queryClient);

// A session that ends (logout elsewhere, expiry) sends the user back to sign-in.
setUnauthenticatedHandler(() => queryClient.setQueryData(queryKeys.account.me(), null));

// Otherwise the first requests leave together: the session's user, the banners of the page (shown
// with the first screen, so nothing moves when they arrive) and the translations. The profile's
// language wins over the browser's, so the first screen is rendered once, in the language it keeps.
// Pages behind the sign-in wait for the user (their language); the public ones do not. The
// translation file of the user's language is announced with the page by the server (in flight
// before this code runs), so it is not guessed here from the browser's.
const signedInArea = /^\/(home\/app|questionnaire)(\/|$)/.test(location.pathname);
if (!signedInArea) void preloadLanguage(detected);
if (signedInArea) void queryClient.prefetchQuery(activeBannersQuery(location.pathname));
const userRequest = queryClient.fetchQuery(currentUserQuery()).catch(() => null);
const user = signedInArea ? await userRequest : null;
await nextTask();
await initI18n(user?.language ?? detected);
// Without them (a failed request) the page still renders, unstyled, rather than not at all.
await styles.catch(() => undefined);
// The page's lazily loaded code is in before the first render, so what the page came with (the
// first screen the server rendered, or the placeholder) stays until the page itself replaces it.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const container = document.getElementById('root')!;
const firstScreen = container.hasAttribute('data-first-screen');
// Over the server's first screen the app also waits for the page's data (`pageDataSettled`), so it
// replaces the screen once, complete, instead of rendering the page and then again, in one long
// task, as its data arrives.
if (firstScreen) {
  await pageDataSettled(queryClient);
  await nextTask();
}

// Rendered as a transition: React yields to the browser between components, so the first screen
// does not hold the main thread in one long task. The page's first screen as the server rendered it
// (inert) stays until the app's own replaces it.
const root = createRoot(container);
startTransition(() => root.render(<AppRoot queryClient={queryClient} router={router} container={container} />));
registerServiceWorker();
// What the user sees of this visit (LCP, INP, CLS), measured by code loaded now, after the first screen.
reportWebVitals(location.pathname, firstScreen);
