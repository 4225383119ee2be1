import { mToMm, newAacRowTemplate, type AacProduct } from '../../../../shared/rules/aac';
import { summarizeAac, type AacSummary } from '../../../../shared/rules/order-summary';
import type { AacItemCreate, AacOrderItem } from '../../../../shared/schemas/orders';
import { AacRow, checkAacRow, type AacCatalogue, type AacDraft } from '../components/aac-row';
import { AacSummaryTable } from '../components/aac-summary-table';
import { orderEndpoints } from '../api/order-endpoint';
import type { OrderVariant } from './types';

type AacFields = Omit<AacItemCreate, 'projectUnitID' | 'itemIndex'>;
type AacInput = ReturnType<typeof checkAacRow>['input'];

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
  columns: [
    // Together at most 940 px: the table fits the details page from 1280 px on.
    { key: 'Position', width: 44 },
    { key: 'Room', width: 112, readWidth: 110 },
    // Wide enough for the longest header (nl „Verdieping“).
    { key: 'Storey', width: 92, readWidth: 92 },
    { key: 'Article', width: 204, readWidth: 280 },
    { key: 'Thickness', width: 70, numeric: true },
    { key: 'Width', width: 70, numeric: true },
    { key: 'Length', width: 92, numeric: true },
    { key: 'Quantity', width: 80, numeric: true },
    { key: 'Pallets', width: 76, numeric: true },
    { key: 'Actions', width: 44 },
  ],
  catalogue: (products, t) => ({
    byNo: new Map(products.map((p) => [p.productNo, p])),
    options: [
      { value: '', label: t('ORDER.SelectArticle') },
      ...products.map((p) => ({ value: String(p.productNo), label: `${p.articleNo} · ${p.title}` })),
    ],
  }),
  toDraft: (i) => ({
    key: `id-${i.aacOrderLotItemID}`,
    id: i.aacOrderLotItemID,
    version: i.version,
    itemIndex: i.itemIndex,
    sublotName: i.sublotName ?? '',
    floorName: i.floorName ?? '',
    productNo: i.productNo,
    storedProductNo: i.productNo,
    storedProduct: i.product,
    lengthMm: String(mToMm(i.itemLength)),
    qty: String(i.qty),
    isDirty: false,
    isNew: false,
  }),
  // §4: a copy of the last row (room, storey, product, length) with the quantity empty.
  newRow: (saved) => {
    const tpl = newAacRowTemplate(saved);
    return {
      key: `new-${tpl.itemIndex}`,
      id: null,
      version: null,
      itemIndex: tpl.itemIndex,
      sublotName: tpl.sublotName ?? '',
      floorName: tpl.floorName ?? '',
      productNo: tpl.productNo,
      storedProductNo: null,
      storedProduct: null,
      lengthMm: tpl.itemLength === null ? '' : String(mToMm(tpl.itemLength)),
      qty: '',
      isDirty: saved.length === 0,
      isNew: true,
    };
  },
  check: checkAacRow,
  toFields: (row, catalogue) => {
    const { input } = checkAacRow(row, catalogue);
    return {
      sublotName: row.sublotName.trim() || null,
      floorName: row.floorName.trim() || null,
      productNo: input.product?.productNo ?? 0,
      itemLength: input.itemLength ?? 0,
      qty: input.qty ?? 0,
    };
  },
  summarize: summarizeAac,
  Row: AacRow,
  SummaryTable: AacSummaryTable,
};
