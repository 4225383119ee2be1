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

/**
 * The local draft: every change is written to browser storage and survives a reload or a closed
 * tab. When another tab writes the same project's draft, `foreignChange` tells this tab so it does
 * not silently overwrite it.
 */
export function useLocalDraft(rootId: number) {
  const [initial] = useState(() => read(rootId));
  const [foreignChange, setForeignChange] = useState<Stored | null>(null);
  const paused = useRef(false);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== localDraftKey(rootId)) return;
      const next = read(rootId);
      if (next && next.tab !== tabId) setForeignChange(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [rootId]);

  const write = useCallback(
    (structure: Structure) => {
      if (paused.current) return;
      const value: Stored = { structure, savedAt: new Date().toISOString(), tab: tabId };
      try {
        localStorage.setItem(localDraftKey(rootId), JSON.stringify(value));
      } catch {
        // Storage full or blocked: the editor keeps working; only the local copy is missing.
      }
    },
    [rootId],
  );

  const remove = useCallback(() => {
    localStorage.removeItem(localDraftKey(rootId));
  }, [rootId]);

  return {
    /** The draft found when the page opened (offered back: continue or discard). */
    initial,
    write,
    remove,
    foreignChange,
    dismissForeignChange: () => setForeignChange(null),
    /** While paused (the offer is open), changes are not written. */
    setPaused: (value: boolean) => {
      paused.current = value;
    },
  };
}
