import type { OrderColumn, OrderDraft } from './types';

/** The columns every order table starts with: position, room and storey (read widths per material). */
export function placeColumns(roomReadWidth: number, storeyReadWidth: number): OrderColumn[] {
  return [
    // Wide enough for „Pos.“ in one piece.
    { key: 'Position', width: 52 },
    { key: 'Room', width: 112, readWidth: roomReadWidth },
    // Wide enough for the longest header (nl „Verdieping“).
    { key: 'Storey', width: 92, readWidth: storeyReadWidth },
  ];
}

type SavedItem = {
  version: number;
  itemIndex: number;
  sublotName: string | null;
  floorName: string | null;
  productNo: number;
  qty: number;
};

/** What every material's draft of a saved item has: key, id, version, position, place, product, quantity. */
export function savedDraft(id: number, item: SavedItem): OrderDraft {
  return {
    key: `id-${id}`,
    id,
    version: item.version,
    itemIndex: item.itemIndex,
    sublotName: item.sublotName ?? '',
    floorName: item.floorName ?? '',
    storedProductNo: item.productNo,
    qty: String(item.qty),
    isDirty: false,
    isNew: false,
  };
}

/** What every material's new row has; the first row of an empty table counts as changed (§4). */
export function newDraft(itemIndex: number, savedCount: number) {
  return { key: `new-${itemIndex}`, id: null, version: null, itemIndex, isDirty: savedCount === 0, isNew: true };
}

/** The room and storey of a save: trimmed, an empty one as null. */
export function placeFields(row: OrderDraft) {
  return { sublotName: row.sublotName.trim() || null, floorName: row.floorName.trim() || null };
}
