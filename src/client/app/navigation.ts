import { IconLayoutDashboard, type Icon } from '@tabler/icons-react';

/** Main navigation entries; a feature adds its entry here when its route exists. */
export type NavItem = { to: string; labelKey: string; icon: Icon; visible?: (ctx: NavContext) => boolean };
export type NavContext = { isAdmin: boolean; isInternal: boolean; features: Record<string, unknown> };

export const navItems: NavItem[] = [{ to: '/home/app/dash', labelKey: 'NAV.Dashboard', icon: IconLayoutDashboard }];
