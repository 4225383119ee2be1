import { lintelThicknesses, type LintelProduct } from '../../../../shared/rules/lintel';
import { summarizeLintel, type LintelSummary } from '../../../../shared/rules/order-summary';
import type { LintelItemCreate, LintelOrderItem } from '../../../../shared/schemas/orders';
import { checkLintelRow, type LintelCatalogue, type LintelDraft } from '../components/lintel-draft';
import { LintelRow } from '../components/lintel-row';
import { orderEndpoints } from '../api/order-endpoint';
import { newDraft, placeColumns, placeFields, savedDraft } from './shared-fields';
import { amountColumns, articleColumn } from './summary-columns';
import type { OrderColumn, OrderVariant } from './types';

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

// Together at most 940 px: the table fits the details page from 1280 px on.
const columns: OrderColumn[] = [
  ...placeColumns(100, 90),
  { key: 'Thickness', width: 78, readWidth: 76 },
  { key: 'Length', width: 86, readWidth: 76 },
  { key: 'Height', width: 80, readWidth: 100 },
  { key: 'Article', width: 160, readWidth: 220 },
  { key: 'Type', width: 150 },
  { key: 'Quantity', width: 76 },
  { key: 'Actions', width: 52 },
];

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
  columns,
  catalogue: (products) => ({
    products,
    thicknessOptions: lintelThicknesses(products).map((v) => ({ value: String(v), label: String(v) })),
  }),
  toDraft: (i) => ({
    ...savedDraft(i.lintelOrderLotItemID, i),
    thickness: i.thickness,
    length: i.length,
    height: i.height,
    heightText: String(i.height),
    product: i.product,
    hasCut: i.hasCut,
    lintelType: i.lintelType,
  }),
  newRow: (saved) => ({ ...blank, ...newDraft(saved.length + 1, saved.length) }),
  check: checkLintelRow,
  toFields: (row) => {
    const { input } = checkLintelRow(row);
    return {
      ...placeFields(row),
      thickness: input.thickness ?? 0,
      length: input.length ?? 0,
      height: input.height ?? 0,
      productNo: input.product?.productNo ?? 0,
      qty: input.qty ?? 0,
    };
  },
  summarize: summarizeLintel,
  Row: LintelRow,
  // §2: article, number, height, area, quantity, with totals.
  summary: {
    minWidth: 520,
    lineKey: (l) => String(l.productNo),
    columns: [
      articleColumn,
      { key: 'Number', value: (l) => l.itemNo, nowrap: true },
      { key: 'Height', value: (l) => l.height, numeric: true },
      ...amountColumns,
    ],
  },
};
