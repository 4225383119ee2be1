import { ActionIcon, Group, Title } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** The Order card title; inside the details page's narrow column it links to the full-width order page. */
export function OrderCardTitle({ unitId, rootUnitId }: { unitId: number; rootUnitId: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const embedded = !pathname.endsWith('/order');
  return (
    <Group justify="space-between" mb="sm">
      <Title order={2} size="h4">
        {t('ORDER.OrderCard')}
      </Title>
      {embedded && (
        <Tooltip label={t('ORDER.FullWidth')}>
          <ActionIcon
            component={Link}
            to={`/home/app/project/details/${rootUnitId}/${unitId}/order`}
            variant="subtle"
            aria-label={t('ORDER.FullWidth')}
          >
            <IconArrowsMaximize size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
