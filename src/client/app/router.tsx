import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/routes/sign-in-page';
import { dashboardLoader, DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { orderPageLoader } from '../features/orders/api/order-page-loader';
import { projectDetailsLoader } from '../features/projects/api/project-details-loader';
import { NumericIds } from './numeric-ids';
import { RequireAdmin } from './require-admin';
import { RequireAuth } from './require-auth';
import { Shell } from './shell';
import { provideOrderLotPanel } from '../components/order-lot-slot';
import { provideProjectFiles } from '../components/project-files-slot';
import { provideModelViewer } from '../components/model-viewer-slot';
import { loadLaterStyles } from '../lib/later-styles';
import { nextTask } from '../lib/next-task';
import { inApp, pages } from '../../shared/routes';

// The files feature's card and download action on the details page (loaded on first use).
// The 3D viewer (three, @thatopen) is its own chunk, loaded only where a model is shown.
provideModelViewer(
  lazy(() => import('../features/viewer/components/model-viewer').then((m) => ({ default: m.ModelViewer }))),
);
provideProjectFiles({
  card: lazy(() =>
    import('../features/files/components/project-files-card').then((m) => ({ default: m.ProjectFilesCard })),
  ),
  action: lazy(() =>
    import('../features/files/components/download-files-action').then((m) => ({ default: m.DownloadFilesAction })),
  ),
});

const home = pages.dashboard.path;

// The orders feature's panel for order-lot units on the details page (loaded on first use).
provideOrderLotPanel(
  lazy(() => import('../features/orders/components/order-lot-panel').then((m) => ({ default: m.OrderLotPanel }))),
);

/**
 * The route table of spec/projects-workflows.md §2. Pages beyond the first screens are
 * loaded lazily so the sign-in and dashboard bundles stay small.
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: pages.signIn.path, element: <SignInPage /> },
    {
      path: pages.signOut.path,
      lazy: async () => ({ Component: (await import('../features/auth/routes/sign-out-page')).SignOutPage }),
    },
    {
      path: pages.imprint.path,
      lazy: async () => ({ Component: (await import('../features/legal/routes/imprint-page')).ImprintPage }),
    },
    {
      path: pages.privacy.path,
      lazy: async () => ({ Component: (await import('../features/legal/routes/privacy-page')).PrivacyPage }),
    },
    {
      path: pages.passwordForgotten.path,
      lazy: async () => ({
        Component: (await import('../features/account/routes/forgot-password-page')).ForgotPasswordPage,
      }),
    },
    {
      path: pages.passwordReset.path,
      lazy: async () => ({
        Component: (await import('../features/account/routes/reset-password-page')).ResetPasswordPage,
      }),
    },
    {
      path: pages.accountDelete.path,
      lazy: async () => ({
        Component: (await import('../features/account/routes/delete-account-page')).DeleteAccountPage,
      }),
    },
    {
      path: pages.invitation.path,
      lazy: async () => ({
        Component: (await import('../features/account/routes/accept-invitation-page')).AcceptInvitationPage,
      }),
    },
    {
      path: pages.externalRefused.path,
      lazy: async () => ({
        Component: (await import('../features/account/routes/external-refused-page')).ExternalRefusedPage,
      }),
    },
    {
      // The print outlet: the information sheet without the shell, opened in a window of its own.
      path: pages.questionnairePrint.path,
      element: (
        <RequireAuth>
          <NumericIds />
        </RequireAuth>
      ),
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('../features/questionnaire/routes/questionnaire-print-page'))
              .QuestionnairePrintPage,
          }),
        },
      ],
    },
    {
      path: pages.app.path,
      element: (
        <RequireAuth>
          <Shell />
        </RequireAuth>
      ),
      children: [
        { index: true, element: <Navigate to={home} replace /> },
        { path: inApp(pages.dashboard), element: <DashboardPage />, loader: dashboardLoader(queryClient) },
        {
          path: inApp(pages.profile),
          lazy: async () => ({ Component: (await import('../features/profile/routes/profile-page')).ProfilePage }),
        },
        {
          // Admin pages: only for administrators, everyone else sees the not-found page.
          element: <RequireAdmin />,
          children: [
            {
              path: inApp(pages.bannerNotifications),
              lazy: async () => ({
                Component: (await import('../features/admin/routes/banner-notifications-page')).BannerNotificationsPage,
              }),
            },
            {
              path: inApp(pages.preliminaryDays),
              lazy: async () => ({
                Component: (await import('../features/admin/routes/preliminary-days-page')).PreliminaryDaysPage,
              }),
            },
            {
              path: inApp(pages.users),
              lazy: async () => ({ Component: (await import('../features/admin/routes/users-page')).UsersPage }),
            },
            {
              path: inApp(pages.companySignIn),
              lazy: async () => ({
                Component: (await import('../features/admin/routes/company-sign-in-page')).CompanySignInPage,
              }),
            },
            {
              path: inApp(pages.filePolicy),
              lazy: async () => ({
                Component: (await import('../features/admin/routes/file-policy-page')).FilePolicyPage,
              }),
            },
            {
              path: inApp(pages.branding),
              lazy: async () => ({ Component: (await import('../features/admin/routes/branding-page')).BrandingPage }),
            },
            {
              path: inApp(pages.outbox),
              lazy: async () => ({ Component: (await import('../features/admin/routes/outbox-page')).OutboxPage }),
            },
            {
              path: inApp(pages.apiTokens),
              lazy: async () => ({
                Component: (await import('../features/admin/routes/api-tokens-page')).ApiTokensPage,
              }),
            },
            {
              path: inApp(pages.webhooks),
              lazy: async () => ({ Component: (await import('../features/admin/routes/webhooks-page')).WebhooksPage }),
            },
            {
              path: inApp(pages.catalogues),
              lazy: async () => ({
                Component: (await import('../features/orders/routes/catalogues-page')).CataloguesPage,
              }),
            },
          ],
        },
        {
          path: inApp(pages.currentProjects),
          lazy: async () => ({
            Component: (await import('../features/project-lists/routes/current-projects-page')).CurrentProjectsPage,
          }),
        },
        {
          path: inApp(pages.closedProjects),
          lazy: async () => ({
            Component: (await import('../features/project-lists/routes/closed-projects-page')).ClosedProjectsPage,
          }),
        },
        {
          path: inApp(pages.news),
          lazy: async () => ({ Component: (await import('../features/news/routes/news-page')).NewsPage }),
        },
        {
          path: inApp(pages.notifications),
          lazy: async () => ({
            Component: (await import('../features/notifications/routes/notifications-page')).NotificationsPage,
          }),
        },
        {
          path: inApp(pages.taskList),
          lazy: async () => ({ Component: (await import('../features/tasks/routes/task-list-page')).TaskListPage }),
        },
        {
          path: inApp(pages.outlook),
          lazy: async () => ({ Component: (await import('../features/outlook/routes/outlook-page')).OutlookPage }),
        },
        {
          path: inApp(pages.workflows),
          lazy: async () => ({ Component: (await import('../features/workflow/routes/workflows-page')).WorkflowsPage }),
        },
        {
          path: inApp(pages.search),
          lazy: async () => ({ Component: (await import('../features/search/routes/search-page')).SearchPage }),
        },
        { path: inApp(pages.help), element: <Navigate to="upload" replace /> },
        {
          path: inApp(pages.helpTopic),
          lazy: async () => ({ Component: (await import('../features/help/routes/help-page')).HelpPage }),
        },
        {
          // Pages addressed by ids: a malformed id shows the not-found page, not an error.
          element: <NumericIds />,
          children: [
            {
              path: inApp(pages.questionnaire),
              lazy: async () => ({
                Component: (await import('../features/questionnaire/routes/questionnaire-page')).QuestionnairePage,
              }),
            },
            {
              path: inApp(pages.questionnaireOfProject),
              lazy: async () => ({
                Component: (await import('../features/questionnaire/routes/questionnaire-page')).QuestionnairePage,
              }),
            },
            {
              path: inApp(pages.deliveryOverview),
              lazy: async () => ({
                Component: (await import('../features/delivery/routes/delivery-overview-page')).DeliveryOverviewPage,
              }),
            },
            {
              path: inApp(pages.journal),
              lazy: async () => ({ Component: (await import('../features/journal/routes/journal-page')).JournalPage }),
            },
            // The loaders of these pages live outside the pages' code and run while it loads.
            {
              path: inApp(pages.projectDetails),
              loader: projectDetailsLoader(queryClient),
              lazy: async () => ({
                Component: (await import('../features/projects/routes/project-details-page')).ProjectDetailsPage,
              }),
            },
            {
              path: inApp(pages.unitDetails),
              loader: projectDetailsLoader(queryClient),
              lazy: async () => ({
                Component: (await import('../features/projects/routes/project-details-page')).ProjectDetailsPage,
              }),
            },
            {
              path: inApp(pages.order),
              loader: orderPageLoader(queryClient),
              lazy: async () => ({ Component: (await import('../features/orders/routes/order-page')).OrderPage }),
            },
            {
              path: inApp(pages.orderConfirmation),
              lazy: async () => ({
                Component: (await import('../features/orders/routes/order-confirmation-page')).OrderConfirmationPage,
              }),
            },
            {
              path: inApp(pages.structure),
              lazy: async () => ({
                Component: (await import('../features/structure/routes/structure-page')).StructurePage,
              }),
            },
            {
              path: inApp(pages.reviewUnits),
              lazy: async () => ({
                Component: (await import('../features/viewer/routes/review-units-page')).ReviewUnitsPage,
              }),
            },
            {
              path: inApp(pages.viewer),
              lazy: async () => ({ Component: (await import('../features/viewer/routes/viewer-page')).ViewerPage }),
            },
            {
              path: inApp(pages.memberProfile),
              lazy: async () => ({
                Component: (await import('../features/projects/routes/member-profile-page')).MemberProfilePage,
              }),
            },
          ],
        },
        { path: '*', element: <Navigate to={home} replace /> },
      ],
    },
    { path: '*', element: <Navigate to={home} replace /> },
  ];
}

/**
 * Lazy pages show components beyond the first screen's, whose styles are not in the entry's sheet:
 * each page's code and those styles load together (the styles requested first, so the page's own
 * sheets still come after Mantine's).
 */
function withLaterStyles(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy: load, children } = route;
    return {
      ...route,
      ...(typeof load === 'function'
        ? {
            lazy: async () => {
              // In a task after the one that matched the route: on a page's first load that task
              // also builds the router, and the page's code and styles would lengthen it.
              await nextTask();
              return (await Promise.all([loadLaterStyles(), load()]))[1];
            },
          }
        : {}),
      ...(children ? { children: withLaterStyles(children) } : {}),
    } as RouteObject;
  });
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(withLaterStyles(appRoutes(queryClient)));
}
