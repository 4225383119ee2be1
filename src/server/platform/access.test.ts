import { describe, it } from 'vitest';
import { readers, useAccessMatrix } from '../test/access-matrix';

/** `requireAccess` by project state and tenant features: each permission × each kind of user. */
describe('requireAccess: permission × actor by project state', () => {
  const m = useAccessMatrix();

  it('in Structuring, with unit creation on', async () => {
    const { w, aacLot, aacItem, addressId, setState, expectMatrix } = m;
    await setState('Structuring');
    const root = w.root.project_unit_id;
    const lot = w.lot.project_unit_id;
    await expectMatrix([
      ['project.read', { permission: 'project.read', id: lot }, readers({})],
      ['file.read', { permission: 'file.read', id: lot }, readers({})],
      ['unit.create', { permission: 'unit.create', id: w.sub.project_unit_id }, readers({})],
      ['unit.edit', { permission: 'unit.edit', id: lot }, readers({})],
      ['unit.delete lot', { permission: 'unit.delete', id: lot }, readers({})],
      ['unit.delete root', { permission: 'unit.delete', id: root }, readers({ all: 403 })],
      ['unit.delete order lot with items', { permission: 'unit.delete', id: aacLot }, readers({ all: 409 })],
      ['journal.read (feature off)', { permission: 'journal.read', id: root }, readers({ all: 403 })],
      ['journal.read below the root', { permission: 'journal.read', id: lot }, readers({ all: 404 })],
      ['file.write', { permission: 'file.write', id: lot }, readers({})],
      ['sheet.edit', { permission: 'sheet.edit', id: root }, readers({})],
      ['delivery.confirm', { permission: 'delivery.confirm', id: lot }, readers({ member: 403, guest: 403 })],
      ['delivery.edit (Structuring)', { permission: 'delivery.edit', id: root }, readers({ all: 403 })],
      ['delivery.manage', { permission: 'delivery.manage', id: root }, readers({ member: 403, guest: 403 })],
      ['orderLot.read', { permission: 'orderLot.read', id: aacLot, lotType: 'aacorderlot' }, readers({})],
      [
        'orderLot.read of another type',
        { permission: 'orderLot.read', id: aacLot, lotType: 'lintelorderlot' },
        readers({ all: 404 }),
      ],
      [
        'orderLot.write (PlaceOrder task of the member)',
        { permission: 'orderLot.write', id: aacLot, lotType: 'aacorderlot' },
        readers({ all: 403, member: 'ok' }),
      ],
      [
        'orderItem.write',
        { permission: 'orderItem.write', id: aacItem, lotType: 'aacorderlot' },
        readers({ all: 403, member: 'ok' }),
      ],
      [
        'orderItem.write of an unknown item',
        { permission: 'orderItem.write', id: aacItem + 100000, lotType: 'aacorderlot' },
        readers({ all: 404 }),
      ],
      ['siteRecord.read', { permission: 'siteRecord.read', id: addressId, record: 'address' }, readers({})],
      // The address belongs to the root: its edit rule (internal users and sales planners).
      [
        'siteRecord.write',
        { permission: 'siteRecord.write', id: addressId, record: 'address' },
        readers({ member: 403, guest: 403 }),
      ],
      [
        'siteRecord.read of an unknown contact',
        { permission: 'siteRecord.read', id: addressId + 100000, record: 'contact' },
        readers({ all: 404 }),
      ],
    ]);
  });
  it('in Preparing, with the journal and the information sheet on', async () => {
    const { w, setState, expectMatrix } = m;
    await setState('Preparing', { HasJournal: true, ProjectInfoSheet: true, HideUnitEditAction: false });
    const root = w.root.project_unit_id;
    const lot = w.lot.project_unit_id;
    await expectMatrix([
      // Approval lots are the sales planner's after Structuring; internal users may still edit them.
      ['unit.edit', { permission: 'unit.edit', id: lot }, readers({ member: 403, guest: 403 })],
      ['unit.delete', { permission: 'unit.delete', id: lot }, readers({ all: 403, planner: 'ok' })],
      ['journal.read', { permission: 'journal.read', id: root }, readers({ member: 403, guest: 403 })],
      // The questionnaire while Preparing: internal users only, unless the tenant is the supplier variant.
      ['sheet.edit', { permission: 'sheet.edit', id: root }, readers({ member: 403, guest: 403 })],
      // Delivery data: every reader once the root has left Structuring.
      ['delivery.edit', { permission: 'delivery.edit', id: root }, readers({})],
    ]);
    await setState('Preparing', { ProjectInfoSheet: { variant: 'supplier' } });
    await expectMatrix([['sheet.edit (supplier)', { permission: 'sheet.edit', id: root }, readers({})]]);
  });
  it('HideUnitEditAction takes unit editing away from everybody', async () => {
    const { w, setState, expectMatrix } = m;
    await setState('Structuring', { HideUnitEditAction: true });
    await expectMatrix([['unit.edit', { permission: 'unit.edit', id: w.lot.project_unit_id }, readers({ all: 403 })]]);
  });
  it('unit creation switched off', async () => {
    const { w, expectMatrix } = m;
    await w.db
      .updateTable('tenants')
      .set({ features: JSON.stringify({}) })
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    await expectMatrix([
      ['unit.create', { permission: 'unit.create', id: w.sub.project_unit_id }, readers({ all: 403 })],
    ]);
  });
  it('a Closed or Archived project is read-only for everybody, sales planners and admins included', async () => {
    const { w, aacItem, addressId, setState, expectMatrix } = m;
    for (const state of ['Closed', 'Archived'] as const) {
      await setState(state);
      const lot = w.lot.project_unit_id;
      await expectMatrix([
        [`project.read (${state})`, { permission: 'project.read', id: lot }, readers({})],
        [`unit.create (${state})`, { permission: 'unit.create', id: w.sub.project_unit_id }, readers({ all: 403 })],
        [`unit.edit (${state})`, { permission: 'unit.edit', id: lot }, readers({ all: 403 })],
        [`unit.delete (${state})`, { permission: 'unit.delete', id: lot }, readers({ all: 403 })],
        [`file.write (${state})`, { permission: 'file.write', id: lot }, readers({ all: 403 })],
        [`sheet.edit (${state})`, { permission: 'sheet.edit', id: w.root.project_unit_id }, readers({ all: 403 })],
        [
          `delivery.edit (${state})`,
          { permission: 'delivery.edit', id: w.root.project_unit_id },
          readers({ all: 403 }),
        ],
        [`delivery.manage (${state})`, { permission: 'delivery.manage', id: lot }, readers({ all: 403 })],
        [`delivery.confirm (${state})`, { permission: 'delivery.confirm', id: lot }, readers({ all: 403 })],
        [
          `siteRecord.write (${state})`,
          { permission: 'siteRecord.write', id: addressId, record: 'address' },
          readers({ all: 403 }),
        ],
        [
          `siteRecord.read (${state})`,
          { permission: 'siteRecord.read', id: addressId, record: 'address' },
          readers({}),
        ],
        [
          `orderItem.write (${state})`,
          { permission: 'orderItem.write', id: aacItem, lotType: 'aacorderlot' },
          readers({ all: 403 }),
        ],
      ]);
    }
  });
});
