import { AacOrderPanel } from './aac-order-panel';
import { LintelOrderPanel } from './lintel-order-panel';

export type OrderLotPanelProps = { unitId: number; rootUnitId: number; unitType: string };

/** The order-lot content of a project details page: the AAC or the lintel panel by unit type. */
export function OrderLotPanel({ unitId, rootUnitId, unitType }: OrderLotPanelProps) {
  if (unitType === 'aacorderlot') return <AacOrderPanel unitId={unitId} rootUnitId={rootUnitId} />;
  if (unitType === 'lintelorderlot') return <LintelOrderPanel unitId={unitId} rootUnitId={rootUnitId} />;
  return null;
}
