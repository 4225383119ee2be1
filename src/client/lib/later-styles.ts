let request: Promise<unknown> | undefined;

/**
 * Loads Mantine's styles of the components the first screens do not show (./later-style-sheets),
 * once: after the first screen is up, or before a lazily loaded page or overlay renders. A failed
 * request is forgotten and asked again next time; the page still renders meanwhile.
 */
export function loadLaterStyles(): Promise<void> {
  request ??= import('./later-style-sheets').catch(() => {
    request = undefined;
  });
  return request.then(() => undefined);
}
