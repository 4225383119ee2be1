import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AacOrderItem, LintelOrderItem, OrderConfirmation } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { useStateLabel } from '../../../components/state-badge';
import { useFormatters } from '../../../lib/format';
import { apiErrorText } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { orderItemsQuery } from '../api/get-order-items';
import { useOrderLot } from '../api/get-order-lot';
import { SummaryTable } from '../components/summary-table';
import { aacOrderVariant } from '../variants/aac';
import { lintelOrderVariant } from '../variants/lintel';

const printCss = `@media print {
  .mantine-AppShell-header, .mantine-AppShell-navbar, .mantine-Notifications-root, [data-testid='banner-notification'], [data-print-hide] { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; background: #fff !important; }
  [data-print-card] { border: none !important; box-shadow: none !important; }
  @page { margin: 15mm; }
}`;

/** A printable order confirmation: lot, project, the summary and the item list. */
export function OrderConfirmationPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const stateLabel = useStateLabel();
  const params = useParams();
  const rootUnitId = Number(params.rootUnitId);
  const unitId = Number(params.unitId);
  const lot = useOrderLot(unitId);
  const facts = useQuery({
    queryKey: queryKeys.orders.confirmation(unitId),
    queryFn: () => apiRequest<OrderConfirmation>(`/api/orders/${unitId}/confirmation`),
  });
  const type = lot.data?.projectUnitType;
  const aac = useQuery({
    ...orderItemsQuery<AacOrderItem>(aacOrderVariant.endpoint, unitId),
    enabled: type === aacOrderVariant.type,
  });
  const lintel = useQuery({
    ...orderItemsQuery<LintelOrderItem>(lintelOrderVariant.endpoint, unitId),
    enabled: type === lintelOrderVariant.type,
  });
  const aacSummary = useMemo(() => (aac.data ? aacOrderVariant.summarize(aac.data.data) : null), [aac.data]);
  const lintelSummary = useMemo(
    () => (lintel.data ? lintelOrderVariant.summarize(lintel.data.data) : null),
    [lintel.data],
  );

  if (lot.error || facts.error) {
    return (
      <Alert color="red" role="alert">
        {apiErrorText(lot.error ?? facts.error)}
      </Alert>
    );
  }
  if (!lot.data || !facts.data || (!aacSummary && !lintelSummary)) return <Skeleton h={320} radius="md" />;
  const c = facts.data;
  const placed = c.placedAt !== null;
  const notGiven = t('ORDER.Confirmation.NotGiven');
  const address = c.siteAddress
    ? [c.siteAddress.name, c.siteAddress.street1, [c.siteAddress.zip, c.siteAddress.city].filter(Boolean).join(' ')]
    : [];
  const contact = c.siteContact
    ? [c.siteContact.name, c.siteContact.officePhone, c.siteContact.companyMobile, c.siteContact.officeEMail]
    : [];
  const lines = (values: (string | null)[]) =>
    values.filter(Boolean).length > 0 ? values.filter(Boolean).map((v, i) => <div key={i}>{v}</div>) : notGiven;
  return (
    <Card withBorder radius="md" padding="xl" data-print-card data-testid="order-confirmation">
      <style>{printCss}</style>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {t(placed ? 'ORDER.Confirmation.Title' : 'ORDER.Confirmation.PreviewTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {c.projectNo} {c.projectTitle}
            </Text>
          </div>
          <Group data-print-hide gap="sm">
            <Anchor component={Link} to={`/home/app/project/details/${rootUnitId}/${unitId}`} size="sm">
              {t('ORDER.Confirmation.Back')}
            </Anchor>
            {placed && (
              <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
                {t('ORDER.Confirmation.Print')}
              </Button>
            )}
          </Group>
        </Group>
        {!placed && (
          <Alert color="yellow" data-testid="order-preview" data-print-hide>
            {t('ORDER.Confirmation.PreviewHint')}
          </Alert>
        )}
        <Table variant="vertical" withTableBorder maw={560}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>{t('ORDER.Confirmation.Lot')}</Table.Th>
              <Table.Td>
                {lot.data.projectUnitNo} {lot.data.title}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('ORDER.Confirmation.Status')}</Table.Th>
              <Table.Td>{stateLabel(lot.data.stateKey)}</Table.Td>
            </Table.Tr>
            {placed && (
              <>
                <Table.Tr>
                  <Table.Th>{t('ORDER.Confirmation.PlacedAt')}</Table.Th>
                  <Table.Td data-testid="placed-at">{f.dateTime(c.placedAt)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('ORDER.Confirmation.PlacedBy')}</Table.Th>
                  <Table.Td data-testid="placed-by">{c.placedBy ?? notGiven}</Table.Td>
                </Table.Tr>
              </>
            )}
            <Table.Tr>
              <Table.Th>{t('ORDER.Confirmation.DeliveryDate')}</Table.Th>
              <Table.Td data-testid="delivery-date">{c.deliveryDate ? f.date(c.deliveryDate) : notGiven}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('ORDER.Confirmation.Site')}</Table.Th>
              <Table.Td data-testid="site-address">{lines(address)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('ORDER.Confirmation.Contact')}</Table.Th>
              <Table.Td data-testid="site-contact">{lines(contact)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {aacSummary && <SummaryTable name="aac" spec={aacOrderVariant.summary} summary={aacSummary} />}
        {lintelSummary && <SummaryTable name="lintel" spec={lintelOrderVariant.summary} summary={lintelSummary} />}
        <Title order={2} size="h5">
          {t('ORDER.Confirmation.Items')}
        </Title>
        <Table withTableBorder striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ORDER.Columns.Position')}</Table.Th>
              <Table.Th>{t('ORDER.Columns.Room')}</Table.Th>
              <Table.Th>{t('ORDER.Columns.Storey')}</Table.Th>
              <Table.Th>{t('ORDER.Columns.Article')}</Table.Th>
              <Table.Th ta="right">{t(aac.data ? 'ORDER.Columns.Length' : 'ORDER.Columns.Height')}</Table.Th>
              <Table.Th ta="right">{t('ORDER.Columns.Quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {aac.data?.data.map((i) => (
              <Table.Tr key={i.aacOrderLotItemID}>
                <Table.Td>{i.itemIndex}</Table.Td>
                <Table.Td>{i.sublotName}</Table.Td>
                <Table.Td>{i.floorName}</Table.Td>
                <Table.Td>{i.product.title}</Table.Td>
                <Table.Td ta="right">{f.number(Math.round(i.itemLength * 1000))}</Table.Td>
                <Table.Td ta="right">{f.number(i.qty)}</Table.Td>
              </Table.Tr>
            ))}
            {lintel.data?.data.map((i) => (
              <Table.Tr key={i.lintelOrderLotItemID}>
                <Table.Td>{i.itemIndex}</Table.Td>
                <Table.Td>{i.sublotName}</Table.Td>
                <Table.Td>{i.floorName}</Table.Td>
                <Table.Td>
                  {i.product.title} ({i.product.itemNo})
                </Table.Td>
                <Table.Td ta="right">
                  {f.number(i.height)}
                  {i.hasCut ? ` (${t('ORDER.Cut')})` : ''}
                </Table.Td>
                <Table.Td ta="right">{f.number(i.qty)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
