// The dialog host (`ModalsProvider`) is loaded lazily after the first screen. `modals.*` calls
// are window events that are lost while no host listens, so callers wait for this promise.
let markReady: () => void = () => undefined;

/** Resolves once the dialog host is mounted and listening. */
export const overlaysReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the dialog host after it mounted. */
export function markOverlaysReady(): void {
  markReady();
}
