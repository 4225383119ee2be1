import { AppError } from '../../../shared/errors';
import { defaultFilePolicy, normalizeFileKinds } from '../../../shared/rules/files';
import type { FilePolicyInput, FilePolicyView } from '../../../shared/schemas/files';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import * as policyRepo from './policy-repository';

/** The admin's view of the own tenant's file policy (the defaults until one is saved). */
export async function getFilePolicy(ctx: ServiceContext, user: SessionUser): Promise<FilePolicyView> {
  const { tenantId } = await requireAccess(ctx.db, user, { permission: 'admin' });
  const row = await policyRepo.findTenantPolicy(ctx.db, tenantId);
  if (!row) return { ...defaultFilePolicy, isDefault: true };
  return {
    allowedKinds: normalizeFileKinds(row.allowedKinds),
    maxFileSizeBytes: row.maxFileSizeBytes,
    isDefault: false,
  };
}

/** Saves the tenant's own policy; it applies to the next upload (running uploads keep their checked size). */
export async function updateFilePolicy(
  ctx: ServiceContext,
  user: SessionUser,
  input: FilePolicyInput,
): Promise<FilePolicyView> {
  const { tenantId } = await requireAccess(ctx.db, user, { permission: 'admin' });
  const policy = { allowedKinds: normalizeFileKinds(input.allowedKinds), maxFileSizeBytes: input.maxFileSizeBytes };
  // IFC models are opened by the converter, whose limit the operator sets; a policy cannot promise more.
  const ifcMax = ctx.config.files.ifcMaxBytes;
  if (policy.allowedKinds.includes('ifc') && policy.maxFileSizeBytes > ifcMax) {
    throw new AppError('ValidationFailed', [
      {
        messageType: 'Error',
        message: 'ADMIN.FilePolicy.Errors.IfcLimit',
        reference: 'maxFileSizeBytes',
        params: { max: Math.floor(ifcMax / 1024 ** 2) },
      },
    ]);
  }
  await policyRepo.upsertTenantPolicy(ctx.db, tenantId, policy);
  return { ...policy, isDefault: false };
}

/** Back to the defaults. */
export async function resetFilePolicy(ctx: ServiceContext, user: SessionUser): Promise<FilePolicyView> {
  const { tenantId } = await requireAccess(ctx.db, user, { permission: 'admin' });
  await policyRepo.deleteTenantPolicy(ctx.db, tenantId);
  return { ...defaultFilePolicy, isDefault: true };
}
