import { Anchor, Card, Center, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedChildTypes } from '../../../../shared/rules/project-units';
import { Link } from 'react-router';
import type { ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { isFeatureOn, type Features } from '../../../../shared/rules/features';
import { usePagedList } from '../../../lib/use-paged-list';
import { CHILD_PAGE_SIZE, useChildUnits } from '../api/get-child-units';
import { DialogLoader } from '../../../components/dialog-loader';
import { ListPager } from '../../../components/list-pager';
import { ChildUnitCard } from './child-unit-card';

// Loaded when first opened (its form is not part of the page's first screen).
const CreateUnitDialog = lazy(async () => ({ default: (await import('./create-unit-dialog')).CreateUnitDialog }));

type Props = { unit: ProjectUnitDetail; features: Features };

const childPageSizes = [CHILD_PAGE_SIZE];

/** Child units as cards, 25 per page (page in `?units-page=`), with the New project unit tile. */
export function ChildUnitsGrid({ unit, features }: Props) {
  const { t } = useTranslation();
  const paging = usePagedList({ pageSizes: childPageSizes, defaultPageSize: CHILD_PAGE_SIZE, prefix: 'units-' });
  const [creating, setCreating] = useState(false);
  const { data, isLoading } = useChildUnits(unit.projectUnitID, paging.page);
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
        <Title order={2} size="h4">
          {t('PROJECT.Units.Title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {isLoading && !data
            ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h={140} radius="md" />)
            : data?.data.map((child) => <ChildUnitCard key={child.projectUnitID} unit={child} />)}
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
        {data && <ListPager paging={paging} total={data.count} />}
      </Stack>
      {creating && (
        <Suspense fallback={<DialogLoader />}>
          <CreateUnitDialog parent={unit} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Card>
  );
}
