import { member, type OperationDoc } from './common';

/** Drawing and model review: models, comparisons, scales, topics, BCF, the decision. */

export const viewerDocs: Record<string, OperationDoc> = {
  // viewer
  'GET /api/viewer/:rootId/:unitId/files/:fileId/fragments': {
    summary: 'Converted model',
    description: 'The IFC version converted for the 3D viewer (fragments, gzip); 409 while the conversion runs.',
  },
  'GET /api/viewer/:rootId/:unitId/files/:fileId/compare': {
    summary: 'Compare two versions',
    description: 'What changed between two versions of a drawing or model (`version` against `against`).',
  },
  'GET /api/viewer/:rootId/:unitId/files/:fileId/versions/:version/calibrations': {
    summary: 'Scales of a drawing',
    description: `The measuring scale of each calibrated page of a file version, the same for everyone. ${member}`,
  },
  'PUT /api/viewer/:rootId/:unitId/files/:fileId/versions/:version/calibrations/:page': {
    summary: 'Calibrate a page',
    description:
      'Sets the scale of one page: two points (fractions of the page), the page size in PDF points and the real length between the points in millimetres.',
    example: { x1: 0.1, y1: 0.5, x2: 0.6, y2: 0.5, pageWidth: 1190.55, pageHeight: 841.89, lengthMm: 5000 },
  },
  'GET /api/viewer/units': {
    summary: 'Units to review',
    description: "The units waiting for the signed-in user's review.",
  },
  'GET /api/viewer/:rootId/:unitId/topics': {
    summary: 'List review topics',
    description: `The unit's topics with comments, markups and viewpoints. ${member}`,
  },
  'POST /api/viewer/:rootId/:unitId/topics': {
    summary: 'Create a review topic',
    description:
      'A topic on a file version, with an optional first comment, markup or 3D viewpoint; mentioned users are told.',
    example: {
      title: 'Opening too close to the corner',
      comment: 'Please move the window 20 cm to the right.',
      projectFileID: 310,
      version: 2,
      markup: { kind: 'area', page: 1, x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4 },
    },
  },
  'PATCH /api/viewer/:rootId/:unitId/topics/:topicId': {
    summary: 'Change a review topic',
    description:
      'Status (open, resolved), assignee, priority (low, normal, high), due date (null clears it) and labels.',
    example: { status: 'resolved', priority: 'high', dueDate: '2026-12-18', labels: ['Statik'] },
  },
  'POST /api/viewer/:rootId/:unitId/topics/:topicId/comments': {
    summary: 'Comment on a topic',
    description: 'Adds a comment; mentioned users are told.',
    example: { text: 'Done in version 3.', mentionUserIDs: [15] },
  },
  'GET /api/viewer/:rootId/:unitId/bcf': {
    summary: 'Export topics as BCF',
    description: `The unit's topics as a BCF 3.0 archive (\`.bcfzip\`). ${member}`,
  },
  'POST /api/viewer/:rootId/:unitId/bcf': {
    summary: 'Import topics from BCF',
    description:
      'A BCF 3.0 archive as the request body (`application/zip`); topics and comments are added, known ones skipped.',
  },
  'POST /api/viewer/:rootId/:unitId/decision': {
    summary: 'Decide a review',
    description:
      "Approves the drawing or requests a revision (`review.decided` webhook event). The unit's reviewer. Approving needs a choice for each open topic (`resolve`, `carry-over`, or `accept` with a comment), else 400 and nothing changes; the approval writes a sign-off record.",
    example: {
      decision: 'approve',
      stateKey: 'ReviewRevisedDrawings',
      topicChoices: [
        { topicID: 12, choice: 'resolve' },
        { topicID: 13, choice: 'accept', comment: 'Detail follows with the shop drawings.' },
      ],
    },
  },
  'GET /api/viewer/:rootId/:unitId/sign-offs': {
    summary: 'Sign-off records',
    description: `Who approved which file versions and when, with the topics open then and the choice made for each. ${member}`,
  },
  'GET /api/viewer/:rootId/:unitId/sign-offs/:signOffId/pdf': {
    summary: 'Sign-off record as PDF',
    description: `One sign-off record as a PDF in the user's language. ${member}`,
  },
};
