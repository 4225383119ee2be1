import { Anchor, Group, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrderLot } from '../api/get-order-lot';

type Props = { unitId: number; rootUnitId: number; canEdit: boolean; hasItems: boolean };

/** Under a read-only table: why it is read-only, or — once ordered — the printable confirmation. */
export function OrderLotFooter({ unitId, rootUnitId, canEdit, hasItems }: Props) {
  const { t } = useTranslation();
  const lot = useOrderLot(unitId);
  if (canEdit || !lot.data) return null;
  if (lot.data.stateKey === 'PlaceOrder') {
    return (
      <Text size="sm" c="dimmed" mt="sm" data-testid="order-read-only">
        {t('ORDER.ReadOnly')}
      </Text>
    );
  }
  if (!hasItems) return null;
  return (
    <Group justify="flex-end" mt="sm">
      <Anchor component={Link} to={`/home/app/project/details/${rootUnitId}/${unitId}/order-confirmation`} size="sm">
        <Group gap={4} component="span">
          <IconFileInvoice size={16} aria-hidden />
          {t('ORDER.ShowConfirmation')}
        </Group>
      </Anchor>
    </Group>
  );
}
