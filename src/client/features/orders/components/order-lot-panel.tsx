import type { ReactNode } from 'react';
import { aacOrderVariant } from '../variants/aac';
import { lintelOrderVariant } from '../variants/lintel';
import { OrderLotTable } from './order-lot-table';

export type OrderLotPanelProps = { unitId: number; rootUnitId: number; unitType: string };
type Lot = { unitId: number; rootUnitId: number };

/** The order table of each orderable unit type; a new material adds its variant here. */
const panels: Record<string, (lot: Lot) => ReactNode> = {
  [aacOrderVariant.type]: (lot) => <OrderLotTable variant={aacOrderVariant} {...lot} />,
  [lintelOrderVariant.type]: (lot) => <OrderLotTable variant={lintelOrderVariant} {...lot} />,
};

/** The order-lot content of a project details page, by unit type. */
export function OrderLotPanel({ unitId, rootUnitId, unitType }: OrderLotPanelProps) {
  return panels[unitType]?.({ unitId, rootUnitId }) ?? null;
}
