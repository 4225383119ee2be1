import {
  Anchor,
  Badge,
  Card,
  Center,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconCalendar, IconNote, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedChildTypes } from '../../../../shared/rules/project-units';
import { Link } from 'react-router';
import type { ProjectUnit, ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { isFeatureOn, type Features } from '../../../../shared/rules/features';
import { useFormatters } from '../../../lib/format';
import { pageCount } from '../../../lib/paging';
import { usePagedList } from '../../../lib/use-paged-list';
import { CHILD_PAGE_SIZE, useChildUnits } from '../api/get-child-units';
import { DialogLoader } from '../../../components/dialog-loader';
import { useStateLabel } from '../../../components/state-badge';
import { metaOf, stateColor } from './unit-type-meta';

// Loaded when first opened (its form is not part of the page's first screen).
const CreateUnitDialog = lazy(async () => ({ default: (await import('./create-unit-dialog')).CreateUnitDialog }));

type Props = { unit: ProjectUnitDetail; features: Features };

function UnitCard({ unit }: { unit: ProjectUnit }) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const fmt = useFormatters();
  const meta = metaOf(unit.projectUnitType);
  return (
    <Card
      component={Link}
      to={`/home/app/project/details/${unit.rootProjectUnitID}/${unit.projectUnitID}`}
      withBorder
      radius="md"
      padding="md"
      style={{ borderTop: `4px solid var(--mantine-color-${meta.color}-6)` }}
      data-testid="child-unit-card"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t(`UNIT.Type.${unit.projectUnitType}`)} {unit.projectUnitNo}
          </Text>
          {unit.notes && (
            <Tooltip label={unit.notes} multiline maw={280}>
              <IconNote size={16} aria-label={t('PROJECT.Units.HasNotes')} color="var(--mantine-color-gray-6)" />
            </Tooltip>
          )}
        </Group>
        <Text fw={600} lineClamp={2}>
          {unit.title}
        </Text>
        <Group gap={4} c="dimmed">
          <IconCalendar size={14} aria-hidden />
          <Text size="sm">
            {t('PROJECT.Units.PlannedDelivery')}: {fmt.date(unit.deliveryDate)}
          </Text>
        </Group>
        <Badge variant="light" color={stateColor(unit.stateKey)} c="dark.7" style={{ alignSelf: 'flex-start' }}>
          {stateLabel(unit.stateKey)}
        </Badge>
      </Stack>
    </Card>
  );
}

const childPageSizes = [CHILD_PAGE_SIZE];

/** Child units as cards, 25 per page (page in `?units-page=`), with the New project unit tile. */
export function ChildUnitsGrid({ unit, features }: Props) {
  const { t } = useTranslation();
  const paging = usePagedList({ pageSizes: childPageSizes, defaultPageSize: CHILD_PAGE_SIZE, prefix: 'units-' });
  const { page, setPage, clamp } = paging;
  const [creating, setCreating] = useState(false);
  const { data, isLoading } = useChildUnits(unit.projectUnitID, page);
  const pages = pageCount(data?.count ?? 0, CHILD_PAGE_SIZE);
  useEffect(() => {
    if (data?.count !== undefined) clamp(data.count);
  }, [data?.count, clamp]);
  const blocked = !unit.abilities.canCreateChildren;
  const sheetMissing = isFeatureOn(features, 'AllowCreateProjectUnits');
  const reason = sheetMissing ? t('PROJECT.Units.InfoSheetInvalid') : t('PROJECT.Units.CreateDisabled');
  // An approval lot that refuses new units, or a unit that holds none (an order lot, a drawing job),
  // has nothing a user could add there: no tile at all.
  const holdsNone = allowedChildTypes(unit.projectUnitType, unit.projectUnitTypeVariant).length === 0;
  const offered = !holdsNone && !(blocked && unit.projectUnitType === 'approvallot');

  const tile = (
    <UnstyledButton
      onClick={() => !blocked && setCreating(true)}
      aria-disabled={blocked}
      aria-label={t('PROJECT.Units.New')}
      data-testid="new-unit-tile"
      style={{
        border: '2px dashed var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-md)',
        minHeight: 140,
        filter: blocked ? 'blur(1.5px)' : undefined,
        opacity: blocked ? 0.6 : 1,
        cursor: blocked ? 'not-allowed' : 'pointer',
      }}
    >
      <Center h="100%" mih={136}>
        <Stack align="center" gap={4} c="teal.9">
          <IconPlus size={28} aria-hidden />
          <Text fw={600}>{t('PROJECT.Units.New')}</Text>
        </Stack>
      </Center>
    </UnstyledButton>
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('PROJECT.Units.Title')}
          </Title>
          {data?.count !== undefined && (
            <Text size="sm" c="dimmed">
              {t('COMMON.Total', { count: data.count })}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {isLoading && !data
            ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={140} radius="md" />)
            : data?.data.map((child) => <UnitCard key={child.projectUnitID} unit={child} />)}
          {offered &&
            (blocked ? (
              <Stack gap={4}>
                <Tooltip label={reason} multiline maw={280}>
                  {tile}
                </Tooltip>
                {/* Said inline, not only on hover: why the tile is greyed out and where to fix it. */}
                <Text size="sm" c="dark.6" data-testid="new-unit-blocked-reason">
                  {reason}{' '}
                  {sheetMissing && (
                    <Anchor
                      component={Link}
                      underline="always"
                      to={`/home/app/project/details/${unit.rootProjectUnitID}/questionnaire`}
                    >
                      {t('PROJECT.Units.OpenInfoSheet')}
                    </Anchor>
                  )}
                </Text>
              </Stack>
            ) : (
              tile
            ))}
        </SimpleGrid>
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(c) => ({ 'aria-label': t(`COMMON.Pager.${c}`) })}
            />
          </Group>
        )}
      </Stack>
      {creating && (
        <Suspense fallback={<DialogLoader />}>
          <CreateUnitDialog parent={unit} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Card>
  );
}
