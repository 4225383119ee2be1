import type { AacProductDto, LintelProductDto } from '../../../../shared/schemas/orders';
import { useAacCatalogue, useLintelCatalogue } from '../api/get-catalogue';
import { CatalogueTable, type CatalogueColumn } from './catalogue-table';

const title: CatalogueColumn<{ title: string }> = { key: 'Title', cell: (p) => p.title };

const aacColumns: CatalogueColumn<AacProductDto>[] = [
  { key: 'ArticleNo', cell: (p) => p.articleNo },
  title,
  { key: 'Thickness', cell: (p, f) => f.number(p.thicknessMm), numeric: true },
  { key: 'Width', cell: (p, f) => f.number(p.widthMm), numeric: true },
  { key: 'LengthRange', cell: (p, f) => `${f.number(p.minLengthMm)}–${f.number(p.maxLengthMm)}`, numeric: true },
  { key: 'PalletCapacity', cell: (p, f) => f.number(p.palletCapacity), numeric: true },
];

const lintelColumns: CatalogueColumn<LintelProductDto>[] = [
  { key: 'ItemNo', cell: (p) => p.itemNo },
  title,
  { key: 'Type', cell: (p, f) => f.t(`ORDER.LintelTypes.${p.lintelType}`) },
  { key: 'Thickness', cell: (p, f) => f.number(p.thickness), numeric: true },
  { key: 'Length', cell: (p, f) => f.number(p.length), numeric: true },
  { key: 'Height', cell: (p, f) => f.number(p.height), numeric: true },
  { key: 'PiecesPerPallet', cell: (p, f) => f.number(p.piecesPerPallet), numeric: true },
];

export function AacCatalogueTable() {
  const { data } = useAacCatalogue();
  return <CatalogueTable testId="aac-catalogue" columns={aacColumns} products={data?.data} />;
}

export function LintelCatalogueTable() {
  const { data } = useLintelCatalogue();
  return <CatalogueTable testId="lintel-catalogue" columns={lintelColumns} products={data?.data} />;
}
