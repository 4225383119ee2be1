import { Badge, Skeleton, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from './use-number-format';

type Format = { number: (v: number) => string; t: TFunction };

/** A column of a catalogue table: its label key (CATALOGUE.Table.*) and what a product shows in it. */
export type CatalogueColumn<Product> = {
  key: string;
  cell: (product: Product, format: Format) => ReactNode;
  numeric?: boolean;
};

type Product = { productNo: number; active: boolean };

function Status({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={active ? 'teal' : 'gray'}>
      {t(active ? 'CATALOGUE.Table.Active' : 'CATALOGUE.Table.Inactive')}
    </Badge>
  );
}

type Props<P extends Product> = {
  testId: string;
  columns: readonly CatalogueColumn<P>[];
  /** The catalogue's products; undefined while they load. */
  products: readonly P[] | undefined;
};

/** A tenant's catalogue of one material: how many products (and active ones), then each with its status. */
export function CatalogueTable<P extends Product>({ testId, columns, products }: Props<P>) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  if (!products) return <Skeleton h={200} />;
  const format = { number, t };
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t('CATALOGUE.Count', { count: products.length, active: products.filter((p) => p.active).length })}
      </Text>
      <Table.ScrollContainer minWidth={800}>
        <Table striped fz="sm" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined}>
                  {t(`CATALOGUE.Table.${c.key}`)}
                </Table.Th>
              ))}
              <Table.Th w={100}>{t('CATALOGUE.Table.Status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => (
              <Table.Tr key={p.productNo}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined}>
                    {c.cell(p, format)}
                  </Table.Td>
                ))}
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
