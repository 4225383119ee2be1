import { Button, Group, Text } from '@mantine/core';
import { IconShoppingCartCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeUnitState } from '../../../lib/use-change-unit-state';

type Props = { unitId: number; hasItems: boolean; hasUnsaved: boolean };

/** The PlaceOrder action: shown when items exist and none is unsaved; otherwise what to do first. */
export function PlaceOrderAction({ unitId, hasItems, hasUnsaved }: Props) {
  const { t } = useTranslation();
  // Told at once: the action unmounts when the reloaded items say the table is frozen.
  const place = useChangeUnitState(unitId, {
    onSuccess: () => notifySuccess(t('ORDER.OrderPlaced')),
    onError: (err) => notifyError(err),
  });
  if (!hasItems) {
    return (
      <Text size="sm" c="dimmed" ta="right" data-testid="place-order-hint">
        {t('ORDER.AddRowHint')}
      </Text>
    );
  }
  if (hasUnsaved) {
    return (
      <Text size="sm" c="dimmed" ta="right">
        {t('ORDER.UnsavedHint')}
      </Text>
    );
  }
  const onClick = async () => {
    const ok = await confirmAction({
      title: t('ORDER.PlaceOrderTitle'),
      message: t('ORDER.PlaceOrderMessage'),
      confirmLabel: t('ORDER.PlaceOrder'),
    });
    if (!ok) return;
    place.mutate({ requirements: null, stateKey: 'PlaceOrder' });
  };
  return (
    <Group justify="flex-end">
      <Button
        leftSection={<IconShoppingCartCheck size={18} />}
        onClick={onClick}
        loading={place.isPending}
        data-testid="place-order"
      >
        {t('ORDER.PlaceOrder')}
      </Button>
    </Group>
  );
}
