import { z } from 'zod';
import { text } from './common';

/** A sales organisation of the user's tenant (spec/projects-workflows.md §3). */
export const salesOrganisationSchema = z.object({
  salesOrgID: z.number().int(),
  title: z.string(),
  descript: z.string().nullable(),
  hasImage: z.boolean(),
  imageUrl: z.string().nullable(),
  salesOrgUrl: z.string().nullable(),
  contactMail: z.string().nullable(),
});
export type SalesOrganisation = z.infer<typeof salesOrganisationSchema>;

export const salesOrganisationsResponseSchema = z.object({ data: z.array(salesOrganisationSchema) });

const mailField = text(200, { required: false });

/**
 * The request for a new root project (spec §7 `POST email/send`); missing values are sent as "N/A".
 * RecipientMail must be the contact address of a sales organisation of the user's tenant.
 */
export const salesOrgRequestMailSchema = z.object({
  SenderMail: mailField,
  RecipientMail: text(320, { required: false }),
  SenderUserID: z.number().int(),
  FirstName: mailField,
  LastName: mailField,
  Company: mailField,
  Street1: mailField,
  Street2: mailField,
  ZIP: mailField,
  City: mailField,
  Phone: mailField,
});
export type SalesOrgRequestMail = z.infer<typeof salesOrgRequestMailSchema>;
