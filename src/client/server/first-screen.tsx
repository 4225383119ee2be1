import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, type RouteObject, type StaticHandler } from 'react-router';
import type { ProjectUnitDetail } from '../../shared/schemas/projects';
import type { PageData } from '../../shared/page-data';
import { AppRoot } from '../app/app-root';
import { createQueryClient } from '../app/providers';
import { appRoutes } from '../app/router';
import { seedUnitParts } from '../features/projects/api/get-unit';
import { queryKeys } from '../lib/query-keys';
import { seedSessionQueries } from '../lib/seed-page-data';
import { languages } from '../lib/i18n';
import { renderComplete } from './render-complete';

/** The routes without their loaders: on the server the first screen shows what the page brought. */
function withoutLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const copy = { ...route, loader: undefined } as RouteObject;
    if (route.children) copy.children = withoutLoaders(route.children);
    return copy;
  });
}

let handler: StaticHandler | undefined;

/**
 * The router of every render: the route table without its loaders (whose query client is therefore
 * never used), made once, so each lazy page's code is loaded once.
 */
function staticHandler(): StaticHandler {
  handler ??= createStaticHandler(withoutLoaders(appRoutes(createQueryClient())));
  return handler;
}

const translators = new Map<string, I18n>();

/** One i18next instance per language, its translations read once from `dir`. */
function translator(dir: string, language: string): I18n {
  let instance = translators.get(language);
  if (!instance) {
    const resources = JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as object;
    instance = createInstance();
    void instance.use(initReactI18next).init({
      lng: language,
      resources: { [language]: { translation: resources } },
      fallbackLng: false,
      supportedLngs: languages,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
    translators.set(language, instance);
  }
  return instance;
}

/**
 * Loads the code of the lazily loaded pages among them and renders a page once, so that the first
 * pages asked for do not pay for it (the renderer answers within a few hundred milliseconds or not at all).
 */
export async function warmUp(options: { i18nDir: string; productKey: string }): Promise<void> {
  for (const url of ['/home/app/project/details/1', '/home/app/project/details/1/2/order'])
    await staticHandler().query(new Request(new URL(url, 'http://localhost')));
  await renderFirstScreen({ ...options, url: '/login', data: { user: null }, language: 'de' });
}

/**
 * How long a render waits for the code of lazily loaded parts (a dialog's trigger, a card) beyond
 * the page's: they are rendered as the client will show them, not as their placeholders. Code
 * loaded once stays; only the first pages after a start wait for it.
 */
const LAZY_PARTS_WAIT_MS = 200;

/** The page (address, data, language) and where the server keeps translations and API paths. */
export type FirstScreenInput = {
  url: string;
  data: PageData;
  language: string;
  i18nDir: string;
  productKey: string;
};

/**
 * The HTML of the client's first screen at `url`, rendered by the client's own components from the
 * page's data (the same the client starts from), in the client's own tree (`AppRoot`, with the
 * static router in place of the browser's): the client renders the same screen when it starts and
 * replaces this one with it. `undefined` where the router would not show a page (a redirect).
 */
export async function renderFirstScreen(input: FirstScreenInput): Promise<string | undefined> {
  const queryClient = createQueryClient();
  const { data } = input;
  seedSessionQueries(queryClient, data, new URL(input.url, 'http://localhost').pathname);
  const unitPath = new RegExp(`^/api/data/${input.productKey}/projects/\\d+$`);
  for (const [apiPath, answer] of Object.entries(data.answers ?? {})) {
    if (!unitPath.test(apiPath)) continue;
    const unit = answer as ProjectUnitDetail;
    queryClient.setQueryData(queryKeys.projects.unit(unit.projectUnitID), unit);
    seedUnitParts(queryClient, unit);
  }
  const handler = staticHandler();
  const context = await handler.query(new Request(new URL(input.url, 'http://localhost')));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  try {
    return await renderComplete(
      <I18nextProvider i18n={translator(input.i18nDir, input.language)}>
        <AppRoot queryClient={queryClient} router={router} />
      </I18nextProvider>,
      LAZY_PARTS_WAIT_MS,
    );
  } finally {
    queryClient.clear();
  }
}
