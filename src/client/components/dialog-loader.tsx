import { Loader, Overlay } from '@mantine/core';

/**
 * Shown while a dialog's code loads (dialogs of a page load on first use, so they stay out of
 * its first screen): the page dimmed as under a dialog, a loader in its middle.
 */
export function DialogLoader() {
  return (
    <Overlay fixed center zIndex={200} backgroundOpacity={0.35} data-testid="dialog-loader">
      <Loader />
    </Overlay>
  );
}
