import { Alert, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { projectOfPage } from '../../shared/routes';
import type { BannerNotification } from '../../shared/schemas/admin';
import { apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { bannerLevelColor } from './banner-level';
import { PageLoader } from './page-loader';

const DISMISSED_KEY = 'planport.dismissedBanners';

/** On a project page (`/home/app/project/.../{rootUnitId}...`) the root unit id from the URL. */
export function rootUnitIdFromPath(pathname: string): number | undefined {
  const root = projectOfPage(pathname);
  return root === undefined ? undefined : Number(root);
}

/** The active banners shown on a page (the app starts loading them with the session's user). */
export function activeBannersQuery(pathname: string) {
  const rootUnitId = rootUnitIdFromPath(pathname);
  return queryOptions({
    queryKey: queryKeys['banner-notifications'].active(rootUnitId ?? null),
    queryFn: () =>
      apiRequest<BannerNotification[]>(
        `/api/banner-notifications/active${rootUnitId ? `?rootUnitId=${rootUnitId}` : ''}`,
      ),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function readDismissed(): number[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Banners of the admin area for the user's sales organisation, or the project's on a project
 * page, while they are active, above the page (`children`). A dismissed banner stays hidden for
 * this browser session. The page is laid out but not shown until the banners are known, so a
 * banner never pushes content the user already sees; its requests start meanwhile.
 */
export function BannerNotifications({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const banners = useQuery(activeBannersQuery(pathname));
  return (
    <>
      {banners.isPending ? <PageLoader /> : <BannerList banners={banners.data ?? []} />}
      <div style={banners.isPending ? { display: 'none' } : undefined}>{children}</div>
    </>
  );
}

function BannerList({ banners }: { banners: BannerNotification[] }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<number[]>(readDismissed);
  const visible = banners.filter((b) => !dismissed.includes(b.notificationID));
  if (visible.length === 0) return null;

  const dismiss = (id: number) => {
    const next = [...dismissed, id];
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setDismissed(next);
  };

  return (
    <Stack gap="xs" mb="md" role="region" aria-label={t('SHELL.Notifications')}>
      {visible.map((b) => (
        <Alert
          key={b.notificationID}
          variant="filled"
          color={bannerLevelColor[b.level]}
          title={b.title}
          icon={b.level === 'info' ? <IconInfoCircle aria-hidden /> : <IconAlertTriangle aria-hidden />}
          withCloseButton
          closeButtonLabel={t('SHELL.DismissNotification')}
          onClose={() => dismiss(b.notificationID)}
          role="note"
          data-testid="banner-notification"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {b.text}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
