import { Loader, Overlay } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown while a dialog's code loads (dialogs of a page load on first use, so they stay out of
 * its first screen): the page dimmed as under a dialog, a loader in its middle.
 */
export function DialogLoader() {
  const { t } = useTranslation();
  return (
    <Overlay fixed center zIndex={200} backgroundOpacity={0.35} data-testid="dialog-loader">
      <Loader aria-label={t('COMMON.Loading')} />
    </Overlay>
  );
}
