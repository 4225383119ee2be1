import { Badge, Group } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { useTranslation } from 'react-i18next';
import type { BannerLevel, SalesOrg } from '../../../../shared/schemas/admin';
import { bannerLevelColor } from '../../../components/banner-level';

export function BannerLevelBadge({ level }: { level: BannerLevel }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={bannerLevelColor[level]}
      variant="filled"
      tt="none"
      styles={{ label: { overflow: 'visible' } }}
      data-level={level}
    >
      {t(`ADMIN.Banner.Levels.${level}`)}
    </Badge>
  );
}

/** Small badges with the sales-org key; the full title on hover and focus. */
export function SalesOrgBadges({ ids, salesOrgs }: { ids: number[]; salesOrgs: SalesOrg[] }) {
  const byId = new Map(salesOrgs.map((s) => [s.salesOrgID, s]));
  return (
    <Group gap={4}>
      {ids.map((id) => {
        const org = byId.get(id);
        return (
          <Tooltip key={id} label={org?.title ?? id} withArrow>
            <Badge size="sm" variant="outline" color="gray.8" title={org?.title} tabIndex={0}>
              {org?.salesOrgKey ?? id}
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}
