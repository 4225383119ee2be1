import { isClosedRootState, isOrderLot } from '../../../../shared/rules/project-units';
import { Alert, Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isFeatureOn, type ProjectToolName } from '../../../../shared/rules/features';
import { apiErrorText } from '../../../lib/notify';
import { OrderLotSlot } from '../../../components/order-lot-slot';
import { ProjectFilesSlot } from '../../../components/project-files-slot';
import { isReviewState, unitHasFilesCard } from '../../../../shared/rules/files';
import { useCurrentUser } from '../../../lib/current-user';
import { projectFeaturesQuery } from '../api/get-project-features';
import { unitPathQuery, useUnit } from '../api/get-unit';
import { ChildUnitsGrid } from '../components/child-units-grid';
import { MembersCard } from '../components/members-card';
import { availableTools, ProjectActionsCard } from '../components/project-actions-card';
import { SiteAddressCard } from '../components/site-address-card';
import { DialogLoader } from '../../../components/dialog-loader';
import { Later } from '../../../components/later';
import { ProductTypesCard } from '../components/product-types-card';
import { detailsIds as ids } from '../api/project-details-loader';
import { ProjectTasksPanel } from '../components/tasks/project-tasks-panel';
import { UnitActions } from '../components/unit-actions';
import { UnitHeader } from '../components/unit-header';

// The page's dialogs load when first opened, so their form code stays out of the first screen.
const SiteAddressDialog = lazy(async () => ({
  default: (await import('../components/site-address-dialog')).SiteAddressDialog,
}));
const ReviewerChangeDialog = lazy(async () => ({
  default: (await import('../components/reviewer-change-dialog')).ReviewerChangeDialog,
}));
// The tenant's information (with its html sanitiser) only where the tenant shows it.
const TenantInfoCard = lazy(async () => ({ default: (await import('../components/tenant-info-card')).TenantInfoCard }));

export function ProjectDetailsPage() {
  const { t } = useTranslation();
  const { rootId, unitId } = ids(useParams());
  const { data: user } = useCurrentUser();
  const unit = useUnit(unitId);
  // Path and features arrive with the unit; asked for on their own only when that answer had none.
  const path = useQuery({ ...unitPathQuery(unitId), enabled: !unit.isPending });
  const features = useQuery({ ...projectFeaturesQuery(rootId), enabled: !unit.isPending });
  const [siteDialog, setSiteDialog] = useState(false);
  const [reviewerDialog, setReviewerDialog] = useState(false);
  // The header is built at once from the unit's answer (the page's largest text, shown first); the
  // rest of the page is built at low priority, also on the first render, in slices between which
  // the browser paints and answers input (the answer of a query alone would build it in one long
  // task). Data of the unit shown before (while the deferred build of another unit waits) is never
  // shown.
  const latest = useMemo(
    () => ({ rootId, unitId, unit: unit.data, features: features.data, path: path.data }),
    [rootId, unitId, unit.data, features.data, path.data],
  );
  const deferred = useDeferredValue<typeof latest | null>(latest, null);
  const shown = deferred && deferred.rootId === rootId && deferred.unitId === unitId ? deferred : undefined;
  const u = shown?.unit;
  const f = shown?.features;
  const pathData = shown?.path;

  const error = unit.error ?? path.error;
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('PROJECT.LoadFailed')} role="alert">
        {apiErrorText(error)}
      </Alert>
    );
  }
  const headerUnit = unit.data;
  const headerBelongs = headerUnit && headerUnit.rootProjectUnitID === rootId;
  const root = pathData?.[0];
  const belongs = u && u.rootProjectUnitID === rootId;
  const tools = u && f ? availableTools(f, u) : [];
  const readOnly = !!u && isClosedRootState(u.abilities.rootStateKey);
  const orderLot = !!u && isOrderLot(u.projectUnitType);
  // Review states show the files to review first after the tasks panel.
  const reviewing = !!u && isReviewState(u.stateKey) && unitHasFilesCard(u.projectUnitTypeVariant);
  const toolsEditSite = tools.includes('edit-site-address') || tools.includes('edit-site-contact');

  const onTool = (tool: ProjectToolName) => {
    if (tool === 'reviewer-change-request') setReviewerDialog(true);
    // Both site tools open the one site form (address and contact together).
    else setSiteDialog(true);
  };

  return (
    <Stack gap="md" data-testid="project-details">
      <UnitHeader
        path={headerBelongs ? path.data : undefined}
        ownTenantId={user?.tenantID ?? 0}
        actions={headerUnit && features.data ? <UnitActions unit={headerUnit} features={features.data} /> : null}
      />
      {headerUnit && !headerBelongs && (
        <Alert color="red" role="alert">
          {t('ERRORMESSAGES.NotFound')}
        </Alert>
      )}
      {/* Nothing of the body is drawn before its deferred build: a card drawn early would move
          when the others appear above it. */}
      {!shown ? (
        <Skeleton h={220} radius="md" data-testid="project-details-body-loading" />
      ) : (
        <Grid gap="md">
          {/* An order lot's table takes the whole width; the side cards follow below it. */}
          <Grid.Col span={{ base: 12, lg: orderLot ? 12 : 8 }}>
            {/* The order-lot panels come with their issue. */}
            <Stack gap="md">
              {u && belongs && <ProjectTasksPanel unit={u} />}
              {/* Review states show the files to review right below the tasks, not above them: the files
                card grows as its list loads, and the review's buttons must not move under the pointer. */}
              {u && belongs && reviewing && (
                <ProjectFilesSlot rootUnitId={rootId} unitId={unitId} unitState={u.stateKey} forReview />
              )}
              {u && belongs && <OrderLotSlot unitId={unitId} rootUnitId={rootId} unitType={u.projectUnitType} />}
              {/* The parts below the tasks in later commits, in the page's order (see Later). */}
              <Later>
                {!u || !f ? (
                  <Skeleton h={220} radius="md" />
                ) : (
                  u.projectUnitType !== 'drawingjob' && <ChildUnitsGrid key={u.projectUnitID} unit={u} features={f} />
                )}
                {u && belongs && !reviewing && unitHasFilesCard(u.projectUnitTypeVariant) && (
                  <ProjectFilesSlot rootUnitId={rootId} unitId={unitId} unitState={u.stateKey} forReview={false} />
                )}
              </Later>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: orderLot ? 12 : 4 }}>
            <Later stage={2}>
              <SimpleGrid cols={{ base: 1, lg: orderLot ? 3 : 1 }} spacing="md" verticalSpacing="md">
                {!u || !f || !root ? (
                  <Skeleton h={160} radius="md" />
                ) : (
                  <>
                    <ProjectActionsCard unit={u} features={f} onTool={onTool} />
                    <SiteAddressCard
                      unit={root}
                      showEdit={!toolsEditSite && !readOnly && u.abilities.canEditSite}
                      onEdit={() => setSiteDialog(true)}
                    />
                  </>
                )}
                <Later>
                  {u && belongs && <ProductTypesCard key={u.projectUnitID} unitId={u.projectUnitID} />}
                  <MembersCard rootUnitId={rootId} canManage={u?.abilities.canManageMembers === true} />
                  {f && isFeatureOn(f, 'ShowTenantInfo') && (
                    <Suspense fallback={<Skeleton h={120} radius="md" />}>
                      <TenantInfoCard rootUnitId={rootId} />
                    </Suspense>
                  )}
                </Later>
              </SimpleGrid>
            </Later>
          </Grid.Col>
        </Grid>
      )}
      <Suspense fallback={<DialogLoader />}>
        {siteDialog && root && <SiteAddressDialog unit={root} onClose={() => setSiteDialog(false)} />}
        {reviewerDialog && <ReviewerChangeDialog rootUnitId={rootId} onClose={() => setReviewerDialog(false)} />}
      </Suspense>
    </Stack>
  );
}
