import { useCallback, useEffect, useRef, useState } from 'react';
import { structureSchema, type Structure } from '../../../../shared/schemas/structure';

/** Browser storage key of a project's local structure draft (spec §9: a prefix plus the rootUnitId). */
export const localDraftKey = (rootId: number) => `planport.structure-draft.${rootId}`;

type Stored = { structure: Structure; savedAt: string; tab: string };

const tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function read(rootId: number): Stored | null {
  try {
    const raw = localStorage.getItem(localDraftKey(rootId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Stored>;
    const structure = structureSchema.safeParse(value.structure);
    if (!structure.success || typeof value.savedAt !== 'string') return null;
    return { structure: structure.data, savedAt: value.savedAt, tab: String(value.tab ?? '') };
  } catch {
    return null;
  }
}

/** How long after the last change the draft is written (typing writes once per pause, not per key). */
const WRITE_DELAY_MS = 150;

/**
 * The local draft: every change is written to browser storage and survives a reload or a closed
 * tab. Writes wait for a pause in typing (and for an idle moment of the browser), so serialising a
 * large structure never delays a keystroke; a pending write is done at once when the page is left
 * or hidden. When another tab writes the same project's draft, `foreignChange` tells this tab so it
 * does not silently overwrite it.
 */
export function useLocalDraft(rootId: number) {
  const [initial] = useState(() => read(rootId));
  const [foreignChange, setForeignChange] = useState<Stored | null>(null);
  const paused = useRef(false);
  const pending = useRef<{ structure: Structure; savedAt: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const idle = useRef<number | null>(null);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    if (idle.current !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle.current);
    timer.current = null;
    idle.current = null;
  }, []);

  const flush = useCallback(() => {
    cancel();
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const value: Stored = { structure: next.structure, savedAt: next.savedAt, tab: tabId };
    try {
      localStorage.setItem(localDraftKey(rootId), JSON.stringify(value));
    } catch {
      // Storage full or blocked: the editor keeps working; only the local copy is missing.
    }
  }, [rootId, cancel]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== localDraftKey(rootId)) return;
      const next = read(rootId);
      if (next && next.tab !== tabId) setForeignChange(next);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving the editor inside the app: the last change is kept too.
      flush();
    };
  }, [rootId, flush]);

  const write = useCallback(
    (structure: Structure) => {
      if (paused.current) return;
      pending.current = { structure, savedAt: new Date().toISOString() };
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        if (typeof requestIdleCallback === 'function') idle.current = requestIdleCallback(flush, { timeout: 500 });
        else flush();
      }, WRITE_DELAY_MS);
    },
    [cancel, flush],
  );

  const remove = useCallback(() => {
    cancel();
    pending.current = null;
    localStorage.removeItem(localDraftKey(rootId));
  }, [rootId, cancel]);

  const dismissForeignChange = useCallback(() => setForeignChange(null), []);

  return {
    /** The draft found when the page opened (offered back: continue or discard). */
    initial,
    write,
    remove,
    foreignChange,
    dismissForeignChange,
    /** While paused (the offer is open), changes are not written. */
    setPaused: (value: boolean) => {
      paused.current = value;
    },
  };
}
