import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { StructureDraftResponse } from '../../../../shared/schemas/structure';
import { emptyStructure, structureReducer } from './structure-state';
import { useLocalDraft } from './use-local-draft';

/**
 * The structure being edited: the server's draft, or the local draft the user takes up when it
 * differs (offered back, read-only until answered); each change of the user goes to the local draft.
 */
export function useEditedStructure(rootId: number, draft: StructureDraftResponse) {
  const local = useLocalDraft(rootId);
  const serverStructure = draft.structure ?? emptyStructure;
  // Compared once on opening (serialising a large structure on every keystroke would slow typing).
  const [offer, setOffer] = useState(
    () => local.initial !== null && JSON.stringify(local.initial.structure) !== JSON.stringify(serverStructure),
  );
  const [structure, dispatch] = useReducer(structureReducer, serverStructure);
  const firstRender = useRef(true);

  local.setPaused(offer);
  const writeLocal = local.write;
  useEffect(() => {
    // The opening state is the server's; only the user's changes go to the local draft.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (draft.canEdit) writeLocal(structure);
  }, [structure, draft.canEdit, writeLocal]);

  const { initial, remove, foreignChange, dismissForeignChange } = local;
  /** Continue with the local draft found on opening. */
  const takeOffer = useCallback(() => {
    if (initial) dispatch({ type: 'replace', structure: initial.structure });
    setOffer(false);
  }, [initial]);
  /** Drop it and go on with the server's draft. */
  const discardOffer = useCallback(() => {
    remove();
    setOffer(false);
  }, [remove]);
  /** Take what another tab wrote. */
  const loadForeignChange = useCallback(() => {
    if (foreignChange) dispatch({ type: 'replace', structure: foreignChange.structure });
    dismissForeignChange();
  }, [foreignChange, dismissForeignChange]);

  return {
    structure,
    dispatch,
    readOnly: !draft.canEdit || offer,
    /** The local draft offered back (null once answered, or when there is none). */
    offered: offer ? initial : null,
    takeOffer,
    discardOffer,
    foreignChange,
    loadForeignChange,
    keepOwn: dismissForeignChange,
    removeLocal: remove,
  };
}
