import {
  MantineProvider,
  PasswordInput,
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { useAfterFirstScreen } from '../lib/first-screen';

// Dialog and notification hosts: not part of the initial bundle, and requested only once the
// first screen is up (their code would otherwise share the connection with the first screen's).
const OverlayHosts = lazy(async () => ({ default: (await import('./overlay-hosts')).OverlayHosts }));

/**
 * Mounts the overlay hosts once the first screen is up (src/client/lib/first-screen.ts). Dialogs
 * opened before wait for `overlaysReady`; notifications shown before appear once the host mounts.
 */
function DeferredOverlayHosts() {
  const [ready] = useAfterFirstScreen();
  return ready ? (
    <Suspense fallback={null}>
      <OverlayHosts />
    </Suspense>
  ) : null;
}

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 (#087f5b) keeps white text on primary and primary links on white above WCAG AA
  // contrast (5.0:1); shade 8 (#099268) reaches only 3.9:1 (found by axe on the profile pages).
  primaryShade: 9,
  defaultRadius: 'md',
  // Users who ask their system for less motion get no transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/**
 * WCAG AA contrast: Mantine's dimmed text (gray 6) reaches only 3.3:1 on white, so gray 7; the
 * hover of filled primary buttons would step back to shade 8 (3.9:1), and teal text on the pale
 * light-variant backgrounds reaches 3.8:1, so a darker teal for both. The error colour (red 6,
 * 3.3:1 on white) marks invalid fields' text and their messages, so red 9 (5.9:1; 5.3:1 on gray 1).
 * A notification's text under its title is gray 6 in Mantine's sheet, so gray 7 there as well.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-filled-hover': '#066649',
    // Text of light variants (active navigation, light buttons) on the pale teal backgrounds.
    '--mantine-color-teal-light-color': '#066649',
    // Green light badges (approved, finalized states) reach 3.8:1 with green 9; this one 5.3:1.
    '--mantine-color-green-light-color': '#237032',
  },
  dark: {},
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors are answers, not glitches: do not retry them.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
    },
  });
}

/** Texts that Mantine's components bring in English, in the user's language. */
function useLocalizedTheme() {
  const { t, i18n } = useTranslation(undefined, { useSuspense: false });
  const language = i18n.language;
  return useMemo(
    () =>
      mergeThemeOverrides(
        theme,
        createTheme({
          components: {
            PasswordInput: PasswordInput.extend({
              defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('COMMON.TogglePasswordVisibility') } },
            }),
          },
        }),
      ),
    // The texts follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language],
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const localizedTheme = useLocalizedTheme();
  return (
    <MantineProvider theme={localizedTheme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <DeferredOverlayHosts />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
