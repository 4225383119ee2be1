import { Skeleton } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { isOrderLot } from '../../shared/rules/project-units';

export type OrderLotSlotProps = { unitId: number; rootUnitId: number; unitType: string };

let panel: ComponentType<OrderLotSlotProps> | null = null;

/**
 * The orders feature's panel for the project details page. components/ cannot import a
 * feature, so the app registers the (lazy) panel here and the details page renders the slot.
 */
export function provideOrderLotPanel(component: ComponentType<OrderLotSlotProps>): void {
  panel = component;
}

/** The AAC or lintel order content of an order-lot unit; nothing for other unit types. */
export function OrderLotSlot(props: OrderLotSlotProps) {
  if (!panel || !isOrderLot(props.unitType)) return null;
  const Panel = panel;
  return (
    <Suspense fallback={<Skeleton h={240} radius="md" />}>
      <Panel {...props} />
    </Suspense>
  );
}
