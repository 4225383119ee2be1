import { materials, type OperationDoc } from './common';

/** Planning the structure of a project, also from an IFC model. */

export const structureDocs: Record<string, OperationDoc> = {
  // structure
  'GET /api/data/:product/projects/:id/structure-draft': {
    summary: 'Read the structure draft',
    description: 'The saved draft of the structure editor. Members who edit the structure.',
  },
  'PUT /api/data/:product/projects/:id/structure-draft': {
    summary: 'Save the structure draft',
    description: 'Saves sub-projects and approval lots being planned, before they are created.',
    example: {
      structure: {
        subProjects: [
          { id: 'sp-1', name: 'House A', approvalLots: [{ id: 'al-1', name: 'Ground floor', materials: [] }] },
        ],
      },
    },
  },
  'POST /api/tasks/create-project-structure/:rootId': {
    summary: 'Create the project structure',
    description:
      'Creates sub-projects and approval lots with materials and finishes the structuring step. Members who edit the structure.',
    example: [{ subProjectTitle: 'House A', approvalLots: [{ approvalLotTitle: 'Ground floor', materials }] }],
  },
  'GET /api/data/:product/projects/:id/structure-draft/model-changes': {
    summary: 'Model changes for the structure',
    description:
      "The walls of the project's newest IFC model added or changed since its previous version, by storey (none for a first version). Read-only; everyone who may read the project's files.",
  },
  'GET /api/file/:rootId/:fileKey/ifcstructure': {
    summary: 'Structure from an IFC model',
    description: 'Reads storeys and walls of an uploaded IFC file as a structure proposal.',
  },
  'GET /api/file/:rootId/:fileKey/ifcstructure/progress': {
    summary: 'Structure from an IFC model, with progress',
    description: 'The same reading as NDJSON: one `{"phase"}` line per step, then `{"structure"}` or `{"error"}`.',
  },
};
