import { mToMm, newAacRowTemplate, type AacProduct } from '../../../../shared/rules/aac';
import { summarizeAac, type AacSummary } from '../../../../shared/rules/order-summary';
import type { AacItemCreate, AacOrderItem } from '../../../../shared/schemas/orders';
import { checkAacRow, type AacCatalogue, type AacDraft } from '../components/aac-draft';
import { AacRow } from '../components/aac-row';
import { orderEndpoints } from '../api/order-endpoint';
import { newDraft, placeColumns, placeFields, savedDraft } from './shared-fields';
import { amountColumns, articleColumn } from './summary-columns';
import type { OrderColumn, OrderVariant } from './types';

type AacFields = Omit<AacItemCreate, 'projectUnitID' | 'itemIndex'>;
type AacInput = ReturnType<typeof checkAacRow>['input'];

// Together at most 940 px: the table fits the details page from 1280 px on.
const columns: OrderColumn[] = [
  ...placeColumns(110, 92),
  { key: 'Article', width: 204, readWidth: 280 },
  { key: 'Thickness', width: 70, numeric: true },
  { key: 'Width', width: 70, numeric: true },
  { key: 'Length', width: 92, numeric: true },
  { key: 'Quantity', width: 80, numeric: true },
  { key: 'Pallets', width: 86, numeric: true },
  { key: 'Actions', width: 44 },
];

/** AAC elements (DESIGN §4, variant aac_elements): product and length per row, pallets derived. */
export const aacOrderVariant: OrderVariant<
  AacOrderItem,
  AacProduct,
  AacDraft,
  AacCatalogue,
  AacInput,
  AacSummary,
  AacFields
> = {
  type: 'aacorderlot',
  key: 'aac',
  endpoint: orderEndpoints.aacorderlot,
  columns,
  catalogue: (products, t) => ({
    byNo: new Map(products.map((p) => [p.productNo, p])),
    options: [
      { value: '', label: t('ORDER.SelectArticle') },
      ...products.map((p) => ({ value: String(p.productNo), label: `${p.articleNo} · ${p.title}` })),
    ],
  }),
  toDraft: (i) => ({
    ...savedDraft(i.aacOrderLotItemID, i),
    productNo: i.productNo,
    storedProduct: i.product,
    lengthMm: String(mToMm(i.itemLength)),
  }),
  // §4: a copy of the last row (room, storey, product, length) with the quantity empty.
  newRow: (saved) => {
    const tpl = newAacRowTemplate(saved);
    return {
      ...newDraft(tpl.itemIndex, saved.length),
      sublotName: tpl.sublotName ?? '',
      floorName: tpl.floorName ?? '',
      productNo: tpl.productNo,
      storedProductNo: null,
      storedProduct: null,
      lengthMm: tpl.itemLength === null ? '' : String(mToMm(tpl.itemLength)),
      qty: '',
    };
  },
  check: checkAacRow,
  toFields: (row, catalogue) => {
    const { input } = checkAacRow(row, catalogue);
    return {
      ...placeFields(row),
      productNo: input.product?.productNo ?? 0,
      itemLength: input.itemLength ?? 0,
      qty: input.qty ?? 0,
    };
  },
  summarize: summarizeAac,
  Row: AacRow,
  // §2: article, article number, length, area, quantity, pallets, plus a total row.
  summary: {
    minWidth: 560,
    lineKey: (l) => `${l.productNo}-${l.length}`,
    columns: [
      articleColumn,
      { key: 'ArticleNo', value: (l) => l.articleNo, nowrap: true },
      { key: 'Length', value: (l) => l.length, numeric: true },
      ...amountColumns,
      { key: 'Pallets', value: (l) => l.totalPallets, numeric: true, total: (s) => s.totalPallets },
    ],
  },
};
