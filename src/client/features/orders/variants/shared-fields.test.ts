import { describe, expect, it } from 'vitest';
import { aacOrderVariant } from './aac';
import { lintelOrderVariant } from './lintel';
import { newDraft, placeFields, savedDraft } from './shared-fields';

describe('shared order fields', () => {
  it("makes a saved item's common draft fields, an empty place as empty text", () => {
    const item = { version: 3, itemIndex: 5, sublotName: null, floorName: 'EG', productNo: 8, qty: 12 };
    expect(savedDraft(41, item)).toEqual({
      key: 'id-41',
      id: 41,
      version: 3,
      itemIndex: 5,
      sublotName: '',
      floorName: 'EG',
      storedProductNo: 8,
      qty: '12',
      isDirty: false,
      isNew: false,
    });
  });

  it('counts only the first row of an empty table as changed', () => {
    expect(newDraft(1, 0)).toEqual({ key: 'new-1', id: null, version: null, itemIndex: 1, isDirty: true, isNew: true });
    expect(newDraft(4, 3)).toMatchObject({ key: 'new-4', itemIndex: 4, isDirty: false });
  });

  it('saves a trimmed place and an empty one as null', () => {
    const row = {
      ...savedDraft(1, { version: 1, itemIndex: 1, sublotName: ' Bad ', floorName: '  ', productNo: 1, qty: 1 }),
    };
    expect(placeFields(row)).toEqual({ sublotName: 'Bad', floorName: null });
  });

  it.each([aacOrderVariant, lintelOrderVariant])('keeps the $key table within 940 px, editable and read', (variant) => {
    const editable = variant.columns.reduce((n, c) => n + c.width, 0);
    const read = variant.columns.filter((c) => c.key !== 'Actions').reduce((n, c) => n + (c.readWidth ?? c.width), 0);
    expect(Math.max(editable, read)).toBeLessThanOrEqual(940);
    expect(variant.columns.slice(0, 3).map((c) => c.key)).toEqual(['Position', 'Room', 'Storey']);
  });
});
