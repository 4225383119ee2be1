import { AppError } from '../../../shared/errors';
import { passwordErrorMessage, validatePasswordChange, type PasswordErrors } from '../../../shared/rules/password';
import type { Language } from '../../../shared/schemas/common';
import { languageSchema } from '../../../shared/schemas/common';
import type {
  CompanyAddress,
  ContactData,
  PasswordChangeRequest,
  PersonalData,
  Profile,
} from '../../../shared/schemas/profile';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { deleteUserSessions, type SessionUser } from '../../platform/auth/session';
import { normaliseProfileImage } from './image';
import * as repo from './repository';
import type { ServiceContext } from '../../platform/context';

/** External-login users keep their name and password at their identity provider (DESIGN.md §2). */
function requireLocalLogin(user: SessionUser): void {
  if (user.isExternalLogin) throw new AppError('NotAllowed');
}

export function passwordFieldErrors(errors: PasswordErrors): AppError | null {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return new AppError(
    'ValidationFailed',
    entries.map(([field, key]) => ({
      messageType: 'Error' as const,
      message: passwordErrorMessage[key],
      reference: field,
    })),
  );
}

export async function getProfile(ctx: ServiceContext, user: SessionUser): Promise<Profile> {
  const row = await repo.findProfile(ctx.db, user.userId);
  if (!row) throw new AppError('NotFound');
  const language = languageSchema.safeParse(row.language);
  return {
    user: { userID: row.user_id, userLogin: row.login, language: language.success ? language.data : 'de' },
    userProfile: {
      firstName: row.first_name,
      lastName: row.last_name,
      hasProfileImage: row.has_image ? 1 : 0,
      dailyStatusMail: row.daily_status_mail,
    },
    isExternalLogin: row.external_issuer !== null,
    address: { name: row.company_name, street1: row.street1, street2: row.street2, zip: row.zip, city: row.city },
    contact: { officePhone: row.office_phone, companyMobile: row.company_mobile },
  };
}

export async function saveSettings(
  ctx: ServiceContext,
  user: SessionUser,
  input: { dailyStatusMail: boolean },
): Promise<void> {
  await repo.updateUser(ctx.db, user.userId, { daily_status_mail: input.dailyStatusMail });
}

export async function savePersonalData(ctx: ServiceContext, user: SessionUser, input: PersonalData): Promise<void> {
  requireLocalLogin(user);
  await repo.updateUser(ctx.db, user.userId, { first_name: input.firstName, last_name: input.lastName });
}

/** Spec §6: contact data can be edited only once first and last name exist. */
export async function saveContact(ctx: ServiceContext, user: SessionUser, input: ContactData): Promise<void> {
  const row = await repo.findProfile(ctx.db, user.userId);
  if (!row?.first_name || !row.last_name) throw new AppError('ValidationFailed', 'PROFILE.Contact.NeedsName');
  await repo.updateUser(ctx.db, user.userId, {
    office_phone: input.officePhone ?? null,
    company_mobile: input.companyMobile ?? null,
  });
}

export async function saveAddress(ctx: ServiceContext, user: SessionUser, input: CompanyAddress): Promise<void> {
  await repo.updateUser(ctx.db, user.userId, {
    company_name: input.name ?? null,
    street1: input.street1 ?? null,
    street2: input.street2 ?? null,
    zip: input.zip ?? null,
    city: input.city ?? null,
  });
}

/** Changes the password after checking the old one; the user's other sessions end. */
export async function changePassword(
  ctx: ServiceContext,
  user: SessionUser,
  input: PasswordChangeRequest,
  token: string,
): Promise<void> {
  requireLocalLogin(user);
  const invalid = passwordFieldErrors(validatePasswordChange(input));
  if (invalid) throw invalid;
  const row = await repo.findPasswordHash(ctx.db, user.userId);
  if (!(await verifyPassword(row?.password_hash ?? null, input.oldPassword))) {
    throw new AppError('InvalidPassword', 'PROFILE.PasswordDialog.InvalidPassword.Message');
  }
  await repo.updateUser(ctx.db, user.userId, { password_hash: await hashPassword(input.newPassword) });
  await deleteUserSessions(ctx.db, user.userId, token);
}

/** Only the signed-in user may change their own language; another id is unknown (404). */
export async function setLanguage(
  ctx: ServiceContext,
  user: SessionUser,
  userId: number,
  language: Language,
): Promise<void> {
  if (userId !== user.userId) throw new AppError('NotFound');
  await repo.updateUser(ctx.db, user.userId, { language });
}

export async function saveProfileImage(ctx: ServiceContext, user: SessionUser, input: Buffer): Promise<void> {
  const png = await normaliseProfileImage(input);
  await repo.updateUser(ctx.db, user.userId, { profile_image_png: png });
}

export async function deleteProfileImage(ctx: ServiceContext, user: SessionUser): Promise<void> {
  requireLocalLogin(user);
  await repo.updateUser(ctx.db, user.userId, { profile_image_png: null });
}

/** Any signed-in user of the same tenant may see a profile image; otherwise 404. */
export async function getProfileImage(ctx: ServiceContext, user: SessionUser, userId: number): Promise<Buffer> {
  const png = await repo.findProfileImage(ctx.db, userId, user.tenantId);
  if (!png) throw new AppError('NotFound');
  return png;
}
