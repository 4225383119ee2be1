import { describe, it } from 'vitest';
import { readers, useAccessMatrix } from '../test/access-matrix';
import type { AccessRequest } from './access';

/** `requireAccess` for permissions that follow who someone is: admins, creators, task holders, internal users. */
describe('requireAccess: permission × actor by role', () => {
  const m = useAccessMatrix();

  it('admin: only admins, only their own tenant', async () => {
    const { w, expectMatrix } = m;
    await expectMatrix([
      [
        'admin',
        { permission: 'admin' },
        {
          planner: 403,
          internal: 403,
          admin: 'ok',
          member: 403,
          guest: 403,
          outsider: 403,
          foreign: 403,
          foreignAdmin: 'ok',
        },
      ],
      [
        'admin of a named tenant',
        { permission: 'admin', id: w.tenant.tenant_id },
        {
          planner: 403,
          internal: 403,
          admin: 'ok',
          member: 403,
          guest: 404,
          outsider: 403,
          foreign: 404,
          foreignAdmin: 404,
        },
      ],
    ]);
  });
  it('project.create and member.manage: internal creators and admins of their own tenant', async () => {
    const { w, setState, expectMatrix } = m;
    await setState('Structuring');
    await w.db
      .updateTable('users')
      .set({ role_keys: ['salesPlanner'] })
      .where('user_id', '=', w.planner.user_id)
      .execute();
    // An external user holding the role in the tenant still may not create projects.
    await w.db
      .updateTable('users')
      .set({ role_keys: ['salesPlanner'] })
      .where('user_id', '=', w.external.user_id)
      .execute();
    await expectMatrix([
      [
        'project.create',
        { permission: 'project.create' },
        {
          planner: 'ok',
          internal: 403,
          admin: 'ok',
          member: 403,
          guest: 403,
          outsider: 403,
          foreign: 403,
          foreignAdmin: 'ok',
        },
      ],
      [
        'member.manage',
        { permission: 'member.manage', id: w.root.project_unit_id },
        readers({ member: 403, guest: 403 }),
      ],
      [
        'member.manage below the root',
        { permission: 'member.manage', id: w.lot.project_unit_id },
        readers({ all: 404 }),
      ],
    ]);
  });
  it('the structure editor: CreateStructure on, the root in Structuring, the Structuring task holder or an internal user', async () => {
    const { w, setState, expectMatrix } = m;
    const root = w.root.project_unit_id;
    const request: AccessRequest = { permission: 'structure.edit', id: root };
    await w.db
      .insertInto('tasks')
      .values({
        tenant_id: w.tenant.tenant_id,
        root_project_unit_id: root,
        project_unit_id: root,
        user_id: w.external.user_id,
        task_key: 'Structuring',
        state_key: 'Structuring',
      })
      .execute();
    await setState('Structuring', { CreateStructure: true });
    await expectMatrix([
      ['structure.edit', request, readers({ guest: 403 })],
      [
        'structure.edit below the root',
        { permission: 'structure.edit', id: w.lot.project_unit_id },
        readers({ all: 404 }),
      ],
    ]);
    await setState('Structuring');
    await expectMatrix([['structure.edit (feature off)', request, readers({ all: 403 })]]);
    await setState('Preparing', { CreateStructure: true });
    await expectMatrix([['structure.edit (Preparing)', request, readers({ all: 403 })]]);
    // Only this project's task: the database may be shared with other test files running now.
    await w.db
      .deleteFrom('tasks')
      .where('root_project_unit_id', '=', root)
      .where('task_key', '=', 'Structuring')
      .execute();
  });
  it('unit.productTypes: internal users of the tenant; search.advanced: users of a tenant with AdvancedSearch', async () => {
    const { w, setState, expectMatrix } = m;
    await setState('Preparing', { AdvancedSearch: true });
    const onlyInternal = readers({ member: 403, guest: 403 });
    await expectMatrix([
      ['unit.productTypes', { permission: 'unit.productTypes', id: w.lot.project_unit_id }, onlyInternal],
      [
        'search.advanced (own tenant on, the other tenant off)',
        { permission: 'search.advanced' },
        {
          planner: 'ok',
          internal: 'ok',
          admin: 'ok',
          member: 'ok',
          guest: 404,
          outsider: 'ok',
          foreign: 404,
          foreignAdmin: 404,
        },
      ],
    ]);
    await setState('Closed');
    await expectMatrix([
      [
        'unit.productTypes (Closed)',
        { permission: 'unit.productTypes', id: w.lot.project_unit_id },
        readers({ all: 403 }),
      ],
      ['search.advanced (feature off)', { permission: 'search.advanced' }, { ...readers({ all: 404 }), outsider: 404 }],
    ]);
  });
  it('files: Approved units only internal users', async () => {
    const { w, setState, expectMatrix } = m;
    await setState('ProvideFiles');
    await w.db
      .updateTable('project_units')
      .set({ state_key: 'Approved' })
      .where('project_unit_id', '=', w.lot.project_unit_id)
      .execute();
    await expectMatrix([
      [
        'file.write (Approved)',
        { permission: 'file.write', id: w.lot.project_unit_id },
        readers({ member: 403, guest: 403 }),
      ],
      ['file.write (sibling)', { permission: 'file.write', id: w.sub.project_unit_id }, readers({})],
    ]);
  });
});
