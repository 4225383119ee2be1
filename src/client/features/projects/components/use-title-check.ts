import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { isTitleAvailable } from '../api/check-title';

/**
 * The name-validity check: 300 ms after the title last changed, asks the server whether it is
 * still free among the parent's children. Unchanged titles (editing) are not checked.
 */
export function useTitleCheck(
  parentId: number | null,
  title: string,
  options: { excludeUnitId?: number; initialTitle?: string; enabled: boolean },
) {
  const [debounced] = useDebouncedValue(title.trim(), 300);
  const [result, setResult] = useState<{ title: string; available: boolean } | null>(null);
  const skip =
    !options.enabled ||
    parentId === null ||
    !debounced ||
    debounced.toLowerCase() === options.initialTitle?.trim().toLowerCase();

  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    isTitleAvailable(parentId, debounced, options.excludeUnitId, controller.signal)
      .then((available) => setResult({ title: debounced, available }))
      .catch(() => {
        // A failed check leaves the decision to the server on save.
      });
    return () => controller.abort();
  }, [skip, parentId, debounced, options.excludeUnitId]);

  const current = title.trim();
  const checked = !skip && result?.title === current;
  return {
    /** True once the server said the current title is taken. */
    invalid: checked && result?.available === false,
    pending: !skip && (current !== debounced || result?.title !== current),
  };
}
