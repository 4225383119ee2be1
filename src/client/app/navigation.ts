import {
  IconArchive,
  IconChartBar,
  IconChecklist,
  IconRoute,
  IconSearch,
  IconBooks,
  IconBriefcase,
  IconCalendarTime,
  IconHelp,
  IconKey,
  IconApi,
  IconLayoutDashboard,
  IconFileSettings,
  IconMail,
  IconNews,
  IconPalette,
  IconSpeakerphone,
  IconUsers,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';

/** Main navigation entries; a feature adds its entry here when its route exists. */
export type NavItem = { to: string; labelKey: string; icon: Icon; visible?: (ctx: NavContext) => boolean };
export type NavContext = { isAdmin: boolean; isInternal: boolean; features: Record<string, unknown> };

export const navItems: NavItem[] = [
  { to: '/home/app/dash', labelKey: 'NAV.Dashboard', icon: IconLayoutDashboard },
  { to: '/home/app/task-list', labelKey: 'NAV.TaskList', icon: IconChecklist },
  { to: '/home/app/current-projects-list', labelKey: 'LISTS.NavCurrent', icon: IconBriefcase },
  { to: '/home/app/closed-projects-list', labelKey: 'LISTS.NavClosed', icon: IconArchive },
  { to: '/home/app/news', labelKey: 'NEWS.Nav', icon: IconNews },
  {
    to: '/home/app/outlook',
    labelKey: 'OUTLOOK.Navigation',
    icon: IconChartBar,
    visible: (ctx) => ctx.isInternal || ctx.isAdmin,
  },
  {
    to: '/home/app/project/workflows',
    labelKey: 'NAV.Workflows',
    icon: IconRoute,
    visible: (ctx) => !!ctx.features.Workflow,
  },
  {
    to: '/home/app/project/search',
    labelKey: 'SEARCH.Nav',
    icon: IconSearch,
    visible: (ctx) => !!ctx.features.AdvancedSearch,
  },
  { to: '/home/app/help/upload', labelKey: 'HELP.Nav', icon: IconHelp },
  { to: '/home/app/admin/users', labelKey: 'ADMIN.Nav.Users', icon: IconUsers, visible: (ctx) => ctx.isAdmin },
  {
    to: '/home/app/admin/company-sign-in',
    labelKey: 'ADMIN.Nav.CompanySignIn',
    icon: IconKey,
    visible: (ctx) => ctx.isAdmin,
  },
  {
    to: '/home/app/admin/banner-notifications',
    labelKey: 'ADMIN.Nav.Banners',
    icon: IconSpeakerphone,
    visible: (ctx) => ctx.isAdmin,
  },
  {
    to: '/home/app/admin/preliminary-days',
    labelKey: 'ADMIN.Nav.PreliminaryDays',
    icon: IconCalendarTime,
    visible: (ctx) => ctx.isAdmin,
  },
  {
    to: '/home/app/admin/file-policy',
    labelKey: 'ADMIN.Nav.FilePolicy',
    icon: IconFileSettings,
    visible: (ctx) => ctx.isAdmin,
  },
  {
    to: '/home/app/admin/branding',
    labelKey: 'ADMIN.Nav.Branding',
    icon: IconPalette,
    visible: (ctx) => ctx.isAdmin,
  },
  { to: '/home/app/admin/outbox', labelKey: 'ADMIN.Nav.Outbox', icon: IconMail, visible: (ctx) => ctx.isAdmin },
  { to: '/home/app/admin/api-tokens', labelKey: 'ADMIN.Nav.ApiTokens', icon: IconApi, visible: (ctx) => ctx.isAdmin },
  { to: '/home/app/admin/webhooks', labelKey: 'ADMIN.Nav.Webhooks', icon: IconWebhook, visible: (ctx) => ctx.isAdmin },
  { to: '/home/app/admin/catalogues', labelKey: 'NAV.Catalogues', icon: IconBooks, visible: (ctx) => ctx.isAdmin },
];
