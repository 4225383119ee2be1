import { z } from 'zod';
import { idValue, isoDay } from './common';

/** The fragments conversion of an IFC file version (queued until the converter takes it). */
export const conversionStatusSchema = z.enum(['queued', 'converting', 'ready', 'failed']);
export type ConversionStatus = z.infer<typeof conversionStatusSchema>;

export const fileConversionSchema = z.object({
  status: conversionStatusSchema,
  /** i18n key of the reason when failed. */
  reason: z.string().nullable(),
});
export type FileConversion = z.infer<typeof fileConversionSchema>;

const unit = z.number().min(0).max(1);
const pageNo = z.number().int().min(1).max(10000);

/** Bounds of one markup: points of a polyline, characters of a free text. */
export const MARKUP_MAX_POINTS = 200;
export const MARKUP_MAX_TEXT = 200;

/**
 * A markup on a PDF page; coordinates are fractions of the page's width and height.
 * - area, cloud (revision cloud): the rectangle between (x1, y1) and (x2, y2);
 * - arrow (pointing at x2, y2), line, measure (a length in the sheet's calibrated scale): from (x1, y1) to (x2, y2);
 * - text: a short text at (x1, y1);
 * - polyline: the points in order.
 */
export const pdfMarkupSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['area', 'arrow', 'cloud', 'line', 'measure']),
    page: pageNo,
    x1: unit,
    y1: unit,
    x2: unit,
    y2: unit,
  }),
  z.object({
    kind: z.literal('text'),
    page: pageNo,
    x1: unit,
    y1: unit,
    text: z
      .string()
      .trim()
      .min(1, 'VALIDATION.Required')
      .max(MARKUP_MAX_TEXT, { error: 'VALIDATION.MaxLength' })
      // One line, no control characters.
      .regex(/^[^\p{Cc}]*$/u, 'VALIDATION.Invalid'),
  }),
  z.object({
    kind: z.literal('polyline'),
    page: pageNo,
    points: z
      .array(z.tuple([unit, unit]))
      .min(2, 'VALIDATION.Invalid')
      .max(MARKUP_MAX_POINTS, { error: 'VIEWER.Markup.Errors.TooManyPoints' }),
  }),
]);
export type PdfMarkup = z.infer<typeof pdfMarkupSchema>;

const vec3 = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
/**
 * A point of the model in its IFC world coordinates (metres), within ±10,000 km of the origin: a
 * georeferenced model lies hundreds of kilometres from it (UTM eastings, northings).
 */
const coord = z.number().min(-1e7).max(1e7);
const point3 = z.tuple([coord, coord, coord]);
const direction3 = z
  .tuple([z.number().min(-1).max(1), z.number().min(-1).max(1), z.number().min(-1).max(1)])
  .refine(([x, y, z]) => Math.hypot(x, y, z) > 0.5, 'VALIDATION.Invalid');
const ifcGuid = z
  .string()
  .max(22, { message: 'VALIDATION.Invalid', abort: true })
  .regex(/^[0-9A-Za-z_$]{22}$/, 'VALIDATION.Invalid');

/**
 * A BCF 3.0 viewpoint: perspective camera and the selected components by IFC GlobalId; positions and
 * directions in the model's IFC world coordinates (metres, Z up), as BCF has them.
 */
export const modelViewpointSchema = z.object({
  camera: z.object({
    position: vec3,
    direction: vec3,
    up: vec3,
    fieldOfView: z.number().min(1).max(179),
  }),
  selection: z.array(ifcGuid).max(500),
  /** Section planes (BCF ClippingPlane): what lies on the side the direction points to is cut away. */
  clippingPlanes: z
    .array(z.object({ location: point3, direction: direction3 }))
    .max(6)
    .optional(),
  /** Measured distances (BCF Line) between two points of the model. */
  lines: z
    .array(z.object({ start: point3, end: point3 }))
    .max(20)
    .optional(),
});
export type ModelViewpoint = z.infer<typeof modelViewpointSchema>;

export const topicStatusSchema = z.enum(['open', 'resolved']);
export type TopicStatus = z.infer<typeof topicStatusSchema>;

export const topicPrioritySchema = z.enum(['low', 'normal', 'high']);
export type TopicPriority = z.infer<typeof topicPrioritySchema>;

/** A few short free labels per topic (BCF Labels). */
export const MAX_TOPIC_LABELS = 10;
export const MAX_TOPIC_LABEL_LENGTH = 30;
export const topicLabelSchema = z
  .string()
  .trim()
  .min(1, 'VALIDATION.Required')
  .max(MAX_TOPIC_LABEL_LENGTH, { error: 'VALIDATION.MaxLength' })
  // One line, no control characters, no separators of the BCF label list.
  .regex(/^[^\p{Cc},;]*$/u, 'VIEWER.Errors.LabelInvalid');
export const topicLabelsSchema = z
  .array(topicLabelSchema)
  .max(MAX_TOPIC_LABELS, { error: 'VIEWER.Errors.TooManyLabels' })
  // The same label twice (case aside) is one label.
  .transform((labels) => labels.filter((l, i) => labels.findIndex((o) => o.toLowerCase() === l.toLowerCase()) === i));

/** An open topic whose due day has passed (the day before `today`, both `YYYY-MM-DD` in the user's time zone). */
export const isOverdue = (topic: { status: TopicStatus; dueDate: string | null }, today: string) =>
  topic.status === 'open' && topic.dueDate !== null && topic.dueDate < today;

/**
 * Imported from a BCF archive: the author and date the archive names. Shown as provenance only;
 * the record's author and date are the importing user and the import time.
 */
export const importedFromSchema = z
  .object({ author: z.string().nullable(), createdOn: z.string().nullable() })
  .nullable();
export type ImportedFrom = z.infer<typeof importedFromSchema>;

export const reviewCommentSchema = z.object({
  commentID: z.number().int(),
  guid: z.string(),
  authorName: z.string(),
  text: z.string(),
  createdOn: z.string(),
  importedFrom: importedFromSchema,
});

export const reviewTopicSchema = z.object({
  topicID: z.number().int(),
  guid: z.string(),
  title: z.string(),
  status: topicStatusSchema,
  projectFileID: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** The version the topic was raised on. */
  version: z.number().int().nullable(),
  assigneeUserID: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  priority: topicPrioritySchema,
  /** The day the topic should be resolved by (`YYYY-MM-DD`). */
  dueDate: z.string().nullable(),
  labels: z.array(z.string()),
  /** Left open at an approval, to be dealt with in the next revision (ISO moment), else null. */
  carriedOverOn: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdOn: z.string(),
  markup: pdfMarkupSchema.nullable(),
  viewpoint: modelViewpointSchema.nullable(),
  importedFrom: importedFromSchema,
  comments: z.array(reviewCommentSchema),
});
export type ReviewTopic = z.infer<typeof reviewTopicSchema>;

export const reviewTopicsSchema = z.object({
  data: z.array(reviewTopicSchema),
  /** The signed-in user may raise topics and comment (readable, project not closed). */
  canWrite: z.boolean(),
});
export type ReviewTopics = z.infer<typeof reviewTopicsSchema>;

const text = (max: number) =>
  z
    .string({ error: 'VALIDATION.Required' })
    .trim()
    .min(1, 'VALIDATION.Required')
    .max(max, { error: 'VALIDATION.MaxLength' });

/** Project members a text mentions (`@Name` in the text; the ids decide). */
export const MAX_MENTIONS = 20;
const mentionsSchema = z.array(idValue).max(MAX_MENTIONS, { error: 'VIEWER.Errors.TooManyMentions' }).optional();

export const createTopicSchema = z.object({
  title: text(200),
  mentionUserIDs: mentionsSchema,
  comment: z.string().trim().max(4000, { error: 'VALIDATION.MaxLength' }).optional(),
  projectFileID: idValue.nullish(),
  version: idValue.nullish(),
  assigneeUserID: idValue.nullish(),
  priority: topicPrioritySchema.optional(),
  dueDate: isoDay.nullish(),
  labels: topicLabelsSchema.optional(),
  markup: pdfMarkupSchema.nullish(),
  viewpoint: modelViewpointSchema.nullish(),
});
export type CreateTopicInput = z.infer<typeof createTopicSchema>;

export const updateTopicSchema = z.object({
  status: topicStatusSchema.optional(),
  assigneeUserID: idValue.nullish(),
  priority: topicPrioritySchema.optional(),
  /** null clears the due date. */
  dueDate: isoDay.nullish(),
  labels: topicLabelsSchema.optional(),
});
export type UpdateTopicInput = z.infer<typeof updateTopicSchema>;

export const createCommentSchema = z.object({ text: text(4000), mentionUserIDs: mentionsSchema });
export type CreateCommentInput = z.infer<typeof createCommentSchema>;

/**
 * What happens to an open topic when the drawings are approved: resolved, carried over to the next
 * revision (stays open, marked), or approved anyway (stays open; the comment says why).
 */
export const topicChoiceKindSchema = z.enum(['resolve', 'carry-over', 'accept']);
export type TopicChoiceKind = z.infer<typeof topicChoiceKindSchema>;

export const topicChoiceSchema = z
  .object({
    topicID: idValue,
    choice: topicChoiceKindSchema,
    comment: z.string().trim().max(4000, { error: 'VALIDATION.MaxLength' }).optional(),
  })
  .refine((c) => c.choice !== 'accept' || (c.comment ?? '').length > 0, {
    message: 'VIEWER.Decision.Errors.CommentRequired',
    path: ['comment'],
  });
export type TopicChoice = z.infer<typeof topicChoiceSchema>;

/** The review decision in the viewer: a workflow transition of the unit. */
export const reviewDecisionSchema = z.object({
  decision: z.enum(['approve', 'request-revision']),
  /** The state the reviewer saw (two simultaneous presses: one wins). */
  stateKey: z.string().max(60),
  /** Approve: one choice for each topic open on the unit (refused otherwise). */
  topicChoices: z.array(topicChoiceSchema).max(500).optional(),
});
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

/** A file version an approval covers. */
export const signOffFileSchema = z.object({
  projectFileID: z.number().int(),
  fileName: z.string(),
  version: z.number().int(),
});
export type SignOffFile = z.infer<typeof signOffFileSchema>;

/** A topic open when the drawings were approved, and what was chosen for it. */
export const signOffTopicSchema = z.object({
  topicID: z.number().int(),
  title: z.string(),
  fileName: z.string().nullable(),
  version: z.number().int().nullable(),
  choice: topicChoiceKindSchema,
  comment: z.string().nullable(),
});
export type SignOffTopic = z.infer<typeof signOffTopicSchema>;

/** The sign-off record of an approval: who, when, which file versions, which topics were open. */
export const signOffSchema = z.object({
  signOffID: z.number().int(),
  signedByName: z.string(),
  signedOn: z.string(),
  /** The state the drawings were approved in. */
  stateKey: z.string(),
  files: z.array(signOffFileSchema),
  topics: z.array(signOffTopicSchema),
});
export type SignOff = z.infer<typeof signOffSchema>;
export const signOffsSchema = z.object({ data: z.array(signOffSchema) });
export type SignOffs = z.infer<typeof signOffsSchema>;

/** The answer of a BCF import: topics added, and topics the unit had already (same guid). */
export const bcfImportResultSchema = z.object({ imported: z.number().int(), skipped: z.number().int() });
export type BcfImportResult = z.infer<typeof bcfImportResultSchema>;

/** A unit on the viewer's start page. */
export const reviewUnitSchema = z.object({
  rootId: z.number().int(),
  rootTitle: z.string(),
  rootNo: z.string().nullable(),
  unitId: z.number().int(),
  unitTitle: z.string(),
  unitNo: z.string().nullable(),
  stateKey: z.string(),
  stateSince: z.string().nullable(),
  openTopics: z.number().int(),
});
export const reviewUnitsSchema = z.object({ data: z.array(reviewUnitSchema) });
export type ReviewUnits = z.infer<typeof reviewUnitsSchema>;
