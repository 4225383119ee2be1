import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnitActions } from '../../../../../shared/schemas/workflow';
import { renderWithProviders, seededQueryClient } from '../../../../test/render';
import { queryKeys } from '../../../../lib/query-keys';
import { ProjectTasksPanel } from './project-tasks-panel';

const unit = {
  projectUnitID: 12,
  rootProjectUnitID: 10,
  projectUnitNo: '2026-0010-01',
  projectUnitType: 'subproject',
  title: 'Haus A',
  stateKey: 'Preparing',
};

const actions = (mayAct: boolean): UnitActions => ({
  projectUnitID: unit.projectUnitID,
  stateKey: 'Preparing',
  mayAct,
  holdsTask: false,
  actions: [
    { action: 'preparing-complete', requirement: null, nextState: 'PendingValidation', enabled: true, hint: null },
  ],
});

const render = (mayAct: boolean) =>
  renderWithProviders(<ProjectTasksPanel unit={unit} />, {
    queryClient: seededQueryClient([
      [queryKeys.tasks.ofUnit(unit.projectUnitID), []],
      [queryKeys.projects.workflowActions(unit.projectUnitID), actions(mayAct)],
    ]),
  });

describe('ProjectTasksPanel', () => {
  it('shows internal staff who hold no task the actions they may take, and says whose task it is', async () => {
    render(true);
    expect(await screen.findByTestId('not-your-task')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vorbereitung abschließen' })).toBeTruthy();
  });

  it('stays away for someone who neither holds the task nor may act', () => {
    render(false);
    expect(screen.queryByTestId('project-tasks-panel')).toBeNull();
  });
});
