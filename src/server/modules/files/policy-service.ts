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
  if (!row) return view(ctx, defaultFilePolicy, true);
  return view(
    ctx,
    { allowedKinds: normalizeFileKinds(row.allowedKinds), maxFileSizeBytes: row.maxFileSizeBytes },
    false,
  );
}

function view(
  ctx: ServiceContext,
  policy: Pick<FilePolicyView, 'allowedKinds' | 'maxFileSizeBytes'>,
  isDefault: boolean,
): FilePolicyView {
  return { ...policy, modelMaxFileSizeBytes: ctx.config.files.ifcMaxBytes, isDefault };
}

/** Saves the tenant's own policy; it applies to the next upload (running uploads keep their checked size). */
export async function updateFilePolicy(
  ctx: ServiceContext,
  user: SessionUser,
  input: FilePolicyInput,
): Promise<FilePolicyView> {
  const { tenantId } = await requireAccess(ctx.db, user, { permission: 'admin' });
  const policy = { allowedKinds: normalizeFileKinds(input.allowedKinds), maxFileSizeBytes: input.maxFileSizeBytes };
  // IFC models are opened by the converter, whose limit the operator sets: an IFC upload is held to
  // the smaller of the two (upload.ts), and the page says so; other files may use the full size.
  await policyRepo.upsertTenantPolicy(ctx.db, tenantId, policy);
  return view(ctx, policy, false);
}

/** Back to the defaults. */
export async function resetFilePolicy(ctx: ServiceContext, user: SessionUser): Promise<FilePolicyView> {
  const { tenantId } = await requireAccess(ctx.db, user, { permission: 'admin' });
  await policyRepo.deleteTenantPolicy(ctx.db, tenantId);
  return view(ctx, defaultFilePolicy, true);
}
