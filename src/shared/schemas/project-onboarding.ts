import { z } from 'zod';
import { idValue, text } from './common';
import { roleKeys } from './project-unit';
import { inviteUserSchema } from './users';

/** Root projects and their members (issue: onboarding a tenant without demo data). */

export const roleKeySchema = z.enum(roleKeys);

export const memberInputSchema = z.object({
  userID: idValue,
  memberRoleKeys: z.array(roleKeySchema).min(1, 'MEMBER.Manage.RoleRequired').max(roleKeys.length),
});
export type MemberInput = z.infer<typeof memberInputSchema>;

/**
 * A new user invited from a project's members dialog: the invitation of the user administration
 * (never an admin, no sales organisation, a password sign-in) plus the roles in this project.
 */
export const memberInvitationSchema = inviteUserSchema
  .pick({ email: true, firstName: true, lastName: true, isInternal: true, language: true })
  .extend({ memberRoleKeys: memberInputSchema.shape.memberRoleKeys });
export type MemberInvitation = z.input<typeof memberInvitationSchema>;

export const memberRolesInputSchema = memberInputSchema.pick({ memberRoleKeys: true });
export type MemberRolesInput = z.infer<typeof memberRolesInputSchema>;

const optionalText = (max: number) => text(max, { required: false }).nullish();

export const createProjectSchema = z.object({
  title: text(200),
  salesOrgID: idValue,
  isBim: z.boolean().default(false),
  notes: text(4000, { required: false, multiline: true }).nullish(),
  siteAddress: z
    .object({
      name: optionalText(200),
      street1: optionalText(200),
      zip: optionalText(20),
      city: optionalText(100),
      country: optionalText(50),
    })
    .nullish(),
  siteContact: z
    .object({
      name: optionalText(200),
      officePhone: optionalText(50),
      officeFax: optionalText(50),
      companyMobile: optionalText(50),
      officeEMail: z
        .union([z.literal(''), z.email('VALIDATION.InvalidEmail').max(320, 'VALIDATION.TooLong')])
        .nullish(),
    })
    .nullish(),
  /** Initial members besides the creator (who joins with their own roles unless listed here). */
  members: z.array(memberInputSchema).max(100).default([]),
});
export type CreateProjectInput = z.input<typeof createProjectSchema>;
export type CreateProjectBody = z.output<typeof createProjectSchema>;

export const createdProjectSchema = z.object({ projectUnitID: z.number().int(), projectUnitNo: z.string() });

/** A user of the tenant who can be added to a project. */
export const memberCandidateSchema = z.object({
  userID: z.number().int(),
  userLogin: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  isInternal: z.boolean(),
  /** The roles the user usually holds in the tenant: preselected when they are added. */
  roleKeys: z.array(z.string()),
});
export type MemberCandidate = z.infer<typeof memberCandidateSchema>;

/** What the create-project dialog needs: the tenant's sales organisations, and whether the user may. */
export const projectCreationContextSchema = z.object({
  canCreate: z.boolean(),
  salesOrgs: z.array(z.object({ salesOrgID: z.number().int(), title: z.string() })),
  /** The user's own sales organisation, preselected. */
  defaultSalesOrgID: z.number().int().nullable(),
});
export type ProjectCreationContext = z.infer<typeof projectCreationContextSchema>;
