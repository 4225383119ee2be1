import type { StateKey } from '../schemas/project-unit';

/** Drawing review (viewer, topics, decision): which states allow what. */

/** States in which the viewer opens (spec §2: the viewer button; ReviewDrawings opens it from the task). */
export const viewerStates = [
  'ReviewDrawings',
  'ReviewPreliminaryDrawings',
  'ReviseDrawings',
  'ReviewRevisedDrawings',
  'Finalized',
  'Approved',
];

/** States in which the project details' actions card shows the viewer button (spec §2, §5). */
export const viewerButtonStates = ['ReviewPreliminaryDrawings', 'ReviseDrawings', 'Finalized', 'Approved'];

/** The units listed on the viewer's start page (home/app/viewer): drawings under review or done. */
export const reviewListStates: StateKey[] = [
  'ReviewPreliminaryDrawings',
  'ReviewRevisedDrawings',
  'ReviseDrawings',
  'Finalized',
  'Approved',
];

/** While drawings are drawn, reviewed or revised, topics are raised, answered and resolved; later the viewer is read-only. */
export const topicWritableStates = [
  'ReviewDrawings',
  'ReviewPreliminaryDrawings',
  'ReviewRevisedDrawings',
  'ReviseDrawings',
];

/** States in which the reviewer approves or requests a revision in the viewer. */
export const decisionStates = ['ReviewPreliminaryDrawings', 'ReviewRevisedDrawings'];

export const canWriteTopics = (unitState: string, projectClosed: boolean) =>
  !projectClosed && topicWritableStates.includes(unitState);

/** Files the viewer shows: PDF drawings and IFC models. */
export type ReviewableKind = 'pdf' | 'ifc';
export const reviewableKind = (name: string): ReviewableKind | null => {
  const ext = name.toLowerCase().split('.').pop();
  return ext === 'pdf' || ext === 'ifc' ? ext : null;
};
