import { Anchor, Badge, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectUnit } from '../../../../shared/schemas/projects';
import { apiData } from '../../../lib/config';
import { useStateLabel } from '../../../components/state-badge';
import { metaOf, stateColor } from './unit-type-meta';

type Props = {
  path: ProjectUnit[] | undefined;
  /** The user's own tenant: only its logo can be shown. */
  ownTenantId: number;
  /** Actions of the current unit, shown in the last band. */
  actions?: ReactNode;
};

export function logoId(tenantId: number, salesOrgId: number | null): string {
  return salesOrgId ? `${tenantId}_${salesOrgId}` : String(tenantId);
}

function TenantLogo({ unit, ownTenantId }: { unit: ProjectUnit; ownTenantId: number }) {
  const [failed, setFailed] = useState(false);
  if (failed || unit.tenantID !== ownTenantId) return null;
  return (
    <Image
      src={apiData(`tenantfiles/${logoId(unit.tenantID, unit.salesOrgID)}/thumbnail.png`)}
      alt=""
      // A fixed box: the title beside it wraps the same before and after the logo has loaded.
      h={56}
      w={56}
      fit="contain"
      onError={() => setFailed(true)}
      data-testid="tenant-logo"
    />
  );
}

function SiteAddressLine({ unit }: { unit: ProjectUnit }) {
  const a = unit.siteAddress;
  if (!a) return null;
  const text = [a.name, a.street1, [a.zip, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  if (!text) return null;
  return (
    <Group gap={4} wrap="nowrap" c="dimmed">
      <IconMapPin size={14} aria-hidden />
      <Text size="sm">{text}</Text>
    </Group>
  );
}

/** One band per level of the unit path: the root large with the tenant logo, deeper levels smaller. */
export function UnitHeader({ path, ownTenantId, actions }: Props) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  if (!path) {
    return (
      <Stack gap={6} data-testid="unit-header-loading">
        <Skeleton h={92} radius="md" />
        <Skeleton h={56} radius="md" />
      </Stack>
    );
  }
  const rootId = path[0]?.projectUnitID;
  return (
    <Stack gap={6} component="header" aria-label={t('PROJECT.Header.Label')}>
      {path.map((unit, level) => {
        const isRoot = level === 0;
        const isCurrent = level === path.length - 1;
        const meta = metaOf(unit.projectUnitType);
        const href = isRoot
          ? `/home/app/project/details/${rootId}`
          : `/home/app/project/details/${rootId}/${unit.projectUnitID}`;
        const title = isRoot ? (
          <Title order={1} size="h2">
            {unit.projectUnitNo} {unit.title}
          </Title>
        ) : (
          <Title order={2} size={isCurrent ? 'h3' : 'h4'}>
            {unit.title}
          </Title>
        );
        return (
          <Paper
            key={unit.projectUnitID}
            withBorder
            radius="md"
            p={isRoot ? 'md' : 'sm'}
            ml={isRoot ? 0 : Math.min(level, 4) * 16}
            style={{ borderLeft: `5px solid var(--mantine-color-${meta.color}-6)` }}
            data-testid={`unit-band-${level}`}
            aria-current={isCurrent ? 'page' : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Badge
                    variant="light"
                    color={meta.color}
                    c="dark.7"
                    leftSection={<meta.icon size={12} aria-hidden />}
                  >
                    {t(`UNIT.Type.${unit.projectUnitType}`)} {unit.projectUnitNo}
                  </Badge>
                  <Badge variant="dot" color={stateColor(unit.stateKey)}>
                    {stateLabel(unit.stateKey)}
                  </Badge>
                </Group>
                {isCurrent ? (
                  title
                ) : (
                  <Anchor component={Link} to={href} underline="hover" c="inherit">
                    {title}
                  </Anchor>
                )}
                <SiteAddressLine unit={unit} />
              </Stack>
              <Group gap="sm" wrap="nowrap">
                {isCurrent && actions}
                {isRoot && <TenantLogo unit={unit} ownTenantId={ownTenantId} />}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
