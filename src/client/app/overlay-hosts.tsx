import '@mantine/notifications/styles.css';
import './overlay-hosts.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { markOverlaysReady } from '../lib/overlays-ready';

/**
 * The hosts that render dialogs (`modals.*` window events) and notifications (`notifications.*`
 * store). Loaded lazily after the first screen so their overlay code (modal, popover positioning,
 * focus trap) stays out of the initial bundle; notifications shown before they mount appear once
 * they do, dialogs wait for `overlaysReady`.
 */
export function OverlayHosts() {
  // Runs after ModalsProvider's own (layout) effect has registered its event listeners.
  useEffect(() => markOverlaysReady(), []);
  return (
    <>
      <ModalsProvider />
      <Notifications position="bottom-left" />
    </>
  );
}
