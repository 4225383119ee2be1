import { ActionIcon, Anchor, AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconLogout, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, Outlet, useNavigate } from 'react-router';
import { BannerNotifications } from '../components/banner-notifications';
import { BrandMark } from '../components/brand-mark';
import { PageLoader } from '../components/page-loader';
import { useCurrentUser } from '../lib/current-user';
import { loadLaterStyles } from '../lib/later-styles';
import { manualUrl } from '../lib/manual';
import { useProfileLanguage } from '../lib/profile-language';
import { useThemeColor } from '../lib/theme-color';
import { useSignOut } from '../features/auth/api/sign-out';
import { LanguageMenu } from '../components/language-menu';
import { LegalLinks } from '../components/legal-links';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { navItems } from './navigation';
import { LiveUpdates } from './live-updates';
import { ProfileHeader } from './profile-header';

// The quick search (Spotlight) loads on first use, so the first screens stay small; with the
// styles of the components beyond the first screen's (it may open before they have loaded).
const QuickSearch = lazy(async () => {
  const [, m] = await Promise.all([loadLaterStyles(), import('../features/search/components/quick-search')]);
  return { default: m.QuickSearch };
});

export function Shell() {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const { data: user } = useCurrentUser();
  useProfileLanguage(user?.language, user?.userID);
  useThemeColor(user?.brandColor);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [searchOpened, setSearchOpened] = useState(false);
  const [searchLoaded, setSearchLoaded] = useState(false);
  const openSearch = () => {
    setSearchLoaded(true);
    setSearchOpened(true);
  };
  // Ctrl/⌘-K, also from inside a text field (as in other web apps).
  useHotkeys([['mod+K', openSearch]], []);
  if (!user) return null;

  const handleSignOut = () => signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  const ctx = { isAdmin: user.isAdmin, isInternal: user.isInternal, features: user.features };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <LiveUpdates userId={user.userID} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('SHELL.ToggleNavigation')}
            />
            <BrandMark as="home-link" />
            <Text size="sm" c="dimmed" visibleFrom="md">
              {user.tenantName}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Group gap="md" visibleFrom="md" component="nav" aria-label={t('SHELL.ServiceLinks')}>
              <LegalLinks />
              <Anchor href={manualUrl(i18n.language)} target="_blank" rel="noopener" size="sm">
                {t('SHELL.Manual')}
              </Anchor>
            </Group>
            {/* A title, not a Tooltip: the tooltip's positioning library would join the first bundle. */}
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('SEARCH.Quick')}
              title={`${t('SEARCH.Quick')} (Ctrl/⌘ K)`}
              aria-keyshortcuts="Control+K Meta+K"
              onClick={openSearch}
              data-testid="quick-search-button"
            >
              <IconSearch size={20} aria-hidden />
            </ActionIcon>
            <NotificationBell />
            <LanguageMenu />
            <ProfileHeader user={user} onSignOut={handleSignOut} />
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconLogout size={16} />}
              onClick={handleSignOut}
              visibleFrom="sm"
            >
              {t('SHELL.Logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('SHELL.MainNavigation')}>
        {/* Native scrolling: Mantine's ScrollArea would pull popover code into the first bundle. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {navItems
            .filter((item) => item.visible?.(ctx) ?? true)
            .map((item) => (
              <NavLink
                key={item.to}
                component={RouterNavLink}
                to={item.to}
                label={t(item.labelKey)}
                leftSection={<item.icon size={18} aria-hidden />}
                onClick={close}
              />
            ))}
        </AppShell.Section>
      </AppShell.Navbar>
      {searchLoaded && (
        <Suspense fallback={null}>
          <QuickSearch
            opened={searchOpened}
            onClose={() => setSearchOpened(false)}
            withSearchPage={!!user.features.AdvancedSearch}
          />
        </Suspense>
      )}
      <AppShell.Main bg="gray.0">
        <BannerNotifications>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </BannerNotifications>
      </AppShell.Main>
    </AppShell>
  );
}
