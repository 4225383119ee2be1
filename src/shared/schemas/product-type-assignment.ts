import { z } from 'zod';
import { idValue } from './common';

/** A product type assigned to a unit, the plant delivering it and the order number (issue 18). */
export const productTypeAssignmentSchema = z.object({
  assignmentID: z.number().int(),
  productTypeID: z.number().int(),
  productType: z.string(),
  productTypeBGColor: z.string(),
  productTypeTextColor: z.string(),
  plantID: z.number().int().nullable(),
  plant: z.string().nullable(),
  orderNumber: z.string().nullable(),
});
export type ProductTypeAssignment = z.infer<typeof productTypeAssignmentSchema>;

/** The assignments of a unit, whether the user may change them, and the tenant's choices then. */
export const productTypeAssignmentsSchema = z.object({
  data: z.array(productTypeAssignmentSchema),
  canEdit: z.boolean(),
  productTypes: z.array(z.object({ productTypeID: z.number().int(), title: z.string() })),
  plants: z.array(z.object({ plantID: z.number().int(), name: z.string() })),
});
export type ProductTypeAssignments = z.infer<typeof productTypeAssignmentsSchema>;

/** Order numbers: letters, digits, dash, slash and dot, up to 40 characters. */
export const orderNumberMaxLength = 40;

export const productTypeAssignmentInputSchema = z.object({
  productTypeID: idValue,
  plantID: idValue.nullable(),
  orderNumber: z
    .string()
    .trim()
    .max(orderNumberMaxLength, { message: 'VALIDATION.TooLong' })
    .regex(/^[\p{L}\p{N}./-]*$/u, { message: 'VALIDATION.InvalidFormat' })
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type ProductTypeAssignmentInput = z.input<typeof productTypeAssignmentInputSchema>;
