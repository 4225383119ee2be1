import { memberInvitationSchema, type MemberInvitation } from '../../../shared/schemas/project-onboarding';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { sendInvitation, setInvitedBy } from '../users/invitations';
import { insertInvitedUser, LoginElsewhere, noticeLoginElsewhere, rethrowLoginTaken } from '../users/service';
import { serverLanguage } from '../../platform/i18n';
import { journalOnRoot } from './member-manage-service';
import * as repo from './member-repository';
import { grantMemberTasks } from './member-tasks';
import { memberTexts, personName, roleList } from './member-texts';

/**
 * Invites a new user of the project's tenant by e-mail and makes them a member with the chosen
 * roles in one transaction; the invitation mail (in the invitee's language) names the project.
 * Whoever may manage the members may invite: internal users of the project's tenant. The
 * invitee is never an admin and gets no roles in the tenant (those decide who creates projects).
 * A login of another tenant is answered like a new one and nobody is added (decision 011).
 */
export async function inviteMember(
  ctx: ServiceContext,
  user: SessionUser,
  rootId: number,
  raw: MemberInvitation,
): Promise<{ userID: number }> {
  const access = await requireAccess(ctx.db, user, { permission: 'member.manage', id: rootId });
  const input = memberInvitationSchema.parse(raw);
  const root = await repo.findRootForMembers(ctx.db, access.root.project_unit_id);
  const roleKeys = [...new Set(input.memberRoleKeys)];
  const name = personName({ first_name: input.firstName, last_name: input.lastName, login: input.email });
  const now = ctx.clock.now();
  const t = memberTexts(user.language);
  const userId = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const invited = { ...input, isAdmin: false, salesOrgID: null, companySignInOnly: false };
      const created = await insertInvitedUser(trx, root.tenant_id, invited).then(
        (id) => ({ id, elsewhere: false }),
        async (err: unknown) => {
          if (!(err instanceof LoginElsewhere)) throw err;
          return { id: await noticeLoginElsewhere({ ...ctx, db: trx }, root.tenant_id, err.owner), elsewhere: true };
        },
      );
      if (created.elsewhere) return created.id;
      const id = created.id;
      await setInvitedBy(trx, id, user.userId);
      await repo.insertMembers(trx, rootId, [{ userId: id, roleKeys }]);
      await grantMemberTasks(trx, root, { userId: id, roleKeys, isInternal: input.isInternal }, now);
      await journalOnRoot(
        trx,
        root,
        user,
        now,
        t.invited(name, input.email.trim().toLowerCase(), roleList(t.lang, roleKeys)),
      );
      await sendInvitation({ ...ctx, db: trx }, root.tenant_id, id, {
        projectNo: root.project_unit_no,
        title: root.title,
        addedBy: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.login,
        roles: roleList(serverLanguage(input.language), roleKeys),
        link: `${ctx.config.publicUrl.replace(/\/$/, '')}/home/app/project/details/${root.project_unit_id}`,
      });
      return id;
    })
    .catch(rethrowLoginTaken);
  return { userID: userId };
}
