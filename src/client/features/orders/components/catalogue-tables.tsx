import { Badge, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from './use-number-format';
import { useAacCatalogue, useLintelCatalogue } from '../api/get-catalogue';

function Status({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={active ? 'teal' : 'gray'}>
      {t(active ? 'CATALOGUE.Table.Active' : 'CATALOGUE.Table.Inactive')}
    </Badge>
  );
}

export function AacCatalogueTable() {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const { data } = useAacCatalogue();
  if (!data) return <Skeleton h={200} />;
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('CATALOGUE.Count', { count: data.data.length, active: data.data.filter((p) => p.active).length })}
      </Text>
      <Table.ScrollContainer minWidth={800}>
        <Table striped fz="sm" data-testid="aac-catalogue">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('CATALOGUE.Table.ArticleNo')}</Table.Th>
              <Table.Th>{t('CATALOGUE.Table.Title')}</Table.Th>
              <Table.Th ta="right">{t('CATALOGUE.Table.Thickness')}</Table.Th>
              <Table.Th ta="right">{t('CATALOGUE.Table.Width')}</Table.Th>
              <Table.Th ta="right">{t('CATALOGUE.Table.LengthRange')}</Table.Th>
              <Table.Th ta="right">{t('CATALOGUE.Table.PalletCapacity')}</Table.Th>
              <Table.Th w={100}>{t('CATALOGUE.Table.Status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((p) => (
              <Table.Tr key={p.productNo}>
                <Table.Td>{p.articleNo}</Table.Td>
                <Table.Td>{p.title}</Table.Td>
                <Table.Td ta="right">{number(p.thicknessMm)}</Table.Td>
                <Table.Td ta="right">{number(p.widthMm)}</Table.Td>
                <Table.Td ta="right">
                  {number(p.minLengthMm)}–{number(p.maxLengthMm)}
                </Table.Td>
                <Table.Td ta="right">{number(p.palletCapacity)}</Table.Td>
                <Table.Td>
                  <Status active={p.active} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

export function LintelCatalogueTable() {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const { data } = useLintelCatalogue();
  if (!data) return <Skeleton h={200} />;
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('CATALOGUE.Count', { count: data.data.length, active: data.data.filter((p) => p.active).length })}
      </Text>
      <Table.ScrollContainer minWidth={800}>
        <Table striped fz="sm" data-testid="lintel-catalogue">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('CATALOGUE.Table.ItemNo')}</Table.Th>
              <Table.Th>{t('CATALOGUE.Table.Title')}</Table.Th>
              <Table.Th>{t('CATALOGUE.Table.Type')}</Table.Th>
              <Table.Th ta="right">{t('CATALOGUE.Table.Thickness')}</Table.Th>
              <Table.Th ta="right">{t('CATALOGUE.Table.Length')}</Table.Th>
              <Table.Th ta="right">{t('CATALOGUE.Table.Height')}</Table.Th>
              <Table.Th ta="right">{t('CATALOGUE.Table.PiecesPerPallet')}</Table.Th>
              <Table.Th w={100}>{t('CATALOGUE.Table.Status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((p) => (
              <Table.Tr key={p.productNo}>
                <Table.Td>{p.itemNo}</Table.Td>
                <Table.Td>{p.title}</Table.Td>
                <Table.Td>{t(`ORDER.LintelTypes.${p.lintelType}`)}</Table.Td>
                <Table.Td ta="right">{number(p.thickness)}</Table.Td>
                <Table.Td ta="right">{number(p.length)}</Table.Td>
                <Table.Td ta="right">{number(p.height)}</Table.Td>
                <Table.Td ta="right">{number(p.piecesPerPallet)}</Table.Td>
                <Table.Td>
                  <Status active={p.active} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
