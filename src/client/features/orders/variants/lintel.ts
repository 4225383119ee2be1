import { lintelThicknesses, type LintelProduct } from '../../../../shared/rules/lintel';
import { summarizeLintel, type LintelSummary } from '../../../../shared/rules/order-summary';
import type { LintelItemCreate, LintelOrderItem } from '../../../../shared/schemas/orders';
import { checkLintelRow, LintelRow, type LintelCatalogue, type LintelDraft } from '../components/lintel-row';
import { LintelSummaryTable } from '../components/lintel-summary-table';
import { orderEndpoints } from '../api/order-endpoint';
import type { OrderVariant } from './types';

type LintelFields = Omit<LintelItemCreate, 'projectUnitID' | 'itemIndex'>;
type LintelInput = ReturnType<typeof checkLintelRow>['input'];

const blank = {
  sublotName: '',
  floorName: '',
  thickness: null,
  length: null,
  height: null,
  heightText: '',
  product: null,
  storedProductNo: null,
  hasCut: false,
  lintelType: null,
  qty: '',
};

/** Lintels (DESIGN §4, variant lintel): thickness narrows lengths, length narrows heights, a height picks the product. */
export const lintelOrderVariant: OrderVariant<
  LintelOrderItem,
  LintelProduct,
  LintelDraft,
  LintelCatalogue,
  LintelInput,
  LintelSummary,
  LintelFields
> = {
  type: 'lintelorderlot',
  key: 'lintel',
  endpoint: orderEndpoints.lintelorderlot,
  columns: [
    // Together at most 940 px: the table fits the details page from 1280 px on.
    { key: 'Position', width: 44 },
    { key: 'Room', width: 112, readWidth: 100 },
    // Wide enough for the longest header (nl „Verdieping“).
    { key: 'Storey', width: 92, readWidth: 90 },
    { key: 'Thickness', width: 78, readWidth: 76 },
    { key: 'Length', width: 86, readWidth: 76 },
    { key: 'Height', width: 80, readWidth: 100 },
    { key: 'Article', width: 160, readWidth: 220 },
    { key: 'Type', width: 150 },
    { key: 'Quantity', width: 76 },
    { key: 'Actions', width: 52 },
  ],
  catalogue: (products) => ({
    products,
    thicknessOptions: lintelThicknesses(products).map((v) => ({ value: String(v), label: String(v) })),
  }),
  toDraft: (i) => ({
    key: `id-${i.lintelOrderLotItemID}`,
    id: i.lintelOrderLotItemID,
    version: i.version,
    itemIndex: i.itemIndex,
    sublotName: i.sublotName ?? '',
    floorName: i.floorName ?? '',
    thickness: i.thickness,
    length: i.length,
    height: i.height,
    heightText: String(i.height),
    product: i.product,
    storedProductNo: i.productNo,
    hasCut: i.hasCut,
    lintelType: i.lintelType,
    qty: String(i.qty),
    isDirty: false,
    isNew: false,
  }),
  newRow: (saved) => ({
    ...blank,
    key: `new-${saved.length + 1}`,
    id: null,
    version: null,
    itemIndex: saved.length + 1,
    isDirty: saved.length === 0,
    isNew: true,
  }),
  check: checkLintelRow,
  toFields: (row) => {
    const { input } = checkLintelRow(row);
    return {
      sublotName: row.sublotName.trim() || null,
      floorName: row.floorName.trim() || null,
      thickness: input.thickness ?? 0,
      length: input.length ?? 0,
      height: input.height ?? 0,
      productNo: input.product?.productNo ?? 0,
      qty: input.qty ?? 0,
    };
  },
  summarize: summarizeLintel,
  Row: LintelRow,
  SummaryTable: LintelSummaryTable,
};
