import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageOf, pages, projectOfPage, shownUnitOfPage, type Page } from '../../shared/routes';
import { createQueryClient } from './providers';
import { appRoutes } from './router';

/** Every address pattern the router shows a page at (not its catch-all redirects), with its parents' paths. */
function routerPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const children = route.children ? routerPaths(route.children, own) : [];
    // Index routes and layouts without a path of their own are their parent's page.
    return route.path === undefined ? children : [own, ...children];
  });
}

/** An address of the page: numbers for ids, a word for the other parameters. */
function addressOf(page: Page): string {
  return page.path.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '12' : 'abc'));
}

describe('the table of pages (src/shared/routes.ts)', () => {
  const table = Object.values(pages).map((page) => page.path);

  it('has every path of the router, and the router every path of the table', () => {
    const router = routerPaths(appRoutes(createQueryClient()));
    expect(new Set(router).size).toBe(router.length);
    expect([...router].sort()).toEqual([...table].sort());
  });

  it('finds each page by an address of it, with or without a trailing slash, and no page for a malformed id', () => {
    for (const [name, page] of Object.entries(pages)) {
      expect(pageOf(addressOf(page))?.name).toBe(name);
      expect(pageOf(`${addressOf(page)}/`)?.name).toBe(name);
    }
    expect(pageOf('/home/app/project/details/abc')).toBeUndefined();
    expect(pageOf('/home/app/project/details/12/order-x')).toBeUndefined();
    expect(pageOf('/home/app/no-such-page')).toBeUndefined();
  });

  it('renders the first screen of the sign-in page without a session and of three pages with one', () => {
    const firstScreens = Object.entries(pages).flatMap(([name, page]: [string, Page]) =>
      page.firstScreen ? [`${name}:${page.firstScreen}`] : [],
    );
    expect(firstScreens).toEqual([
      'signIn:signedOut',
      'dashboard:signedIn',
      'projectDetails:signedIn',
      'unitDetails:signedIn',
      'order:signedIn',
    ]);
  });

  it('names the values of an address by the parameters of its page', () => {
    expect(pageOf('/home/app/viewer/7/12/view')?.params).toEqual({ rootId: '7', unitId: '12' });
    expect(pageOf('/password-reset/a-b-c')?.params).toEqual({ token: 'a-b-c' });
    expect(pageOf('/home/app/dash')?.params).toEqual({});
  });

  it('finds the project of a page inside the projects area and nowhere else', () => {
    expect(projectOfPage('/home/app/project/details/12')).toBe('12');
    expect(projectOfPage('/home/app/project/details/12/34/journal')).toBe('12');
    expect(projectOfPage('/home/app/project/memberprofile/12/5')).toBe('12');
    expect(projectOfPage('/home/app/project/structure/99999999999')).toBe('99999999999');
    expect(projectOfPage('/home/app/project/search')).toBeUndefined();
    expect(projectOfPage('/home/app/viewer/12/34/view')).toBeUndefined();
    expect(projectOfPage('/home/app/dash')).toBeUndefined();
  });

  it('finds the unit a details or order page shows first, and none on other pages', () => {
    expect(shownUnitOfPage('/home/app/project/details/12')).toBe('12');
    expect(shownUnitOfPage('/home/app/project/details/12/34')).toBe('34');
    expect(shownUnitOfPage('/home/app/project/details/12/34/order')).toBe('34');
    expect(shownUnitOfPage('/home/app/project/details/12/34/journal')).toBeUndefined();
    expect(shownUnitOfPage('/home/app/project/structure/12')).toBeUndefined();
  });
});
