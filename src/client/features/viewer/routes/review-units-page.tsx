import { Alert, Anchor, Badge, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StateBadge } from '../../../components/state-badge';
import { useFormatters } from '../../../lib/format';
import { apiErrorText } from '../../../lib/notify';
import { useReviewUnits } from '../api/get-review-units';

/** home/app/viewer: the units whose drawings the user may review, newest state first, each opening its viewer. */
export function ReviewUnitsPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const units = useReviewUnits();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('VIEWER.Units.Title')}
      </Title>
      <Text size="sm">{t('VIEWER.Units.Intro')}</Text>
      {units.isError && (
        <Alert color="red" title={t('ERRORMESSAGES.Title')}>
          {apiErrorText(units.error)}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        {units.isLoading ? (
          <Loader size="sm" aria-label={t('COMMON.Loading')} />
        ) : units.data && units.data.data.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid="review-units">
              <Table.Caption>{t('VIEWER.Units.Title')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('VIEWER.Units.Project')}</Table.Th>
                  <Table.Th>{t('VIEWER.Units.Unit')}</Table.Th>
                  <Table.Th>{t('VIEWER.Units.State')}</Table.Th>
                  <Table.Th>{t('VIEWER.Units.Since')}</Table.Th>
                  <Table.Th>{t('VIEWER.Units.OpenTopics')}</Table.Th>
                  <Table.Th>{t('VIEWER.Units.Viewer')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {units.data.data.map((u) => (
                  <Table.Tr key={u.unitId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {u.rootTitle}
                      </Text>
                      {u.rootNo && <Text size="xs">{u.rootNo}</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{u.unitTitle}</Text>
                      {u.unitNo && <Text size="xs">{u.unitNo}</Text>}
                    </Table.Td>
                    <Table.Td>
                      <StateBadge stateKey={u.stateKey} />
                    </Table.Td>
                    <Table.Td>{u.stateSince ? f.date(u.stateSince) : '–'}</Table.Td>
                    <Table.Td>
                      {u.openTopics > 0 ? (
                        <Badge color="red.9" variant="outline">
                          {u.openTopics}
                        </Badge>
                      ) : (
                        '0'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/home/app/viewer/${u.rootId}/${u.unitId}/view`}
                        size="sm"
                        aria-label={`${t('VIEWER.Units.Open')}: ${u.unitTitle} (${u.rootTitle})`}
                      >
                        <IconEye size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('VIEWER.Units.Open')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Alert variant="light" color="blue" title={t('VIEWER.Units.EmptyTitle')} data-testid="review-units-empty">
            {t('VIEWER.Units.EmptyMessage')}
          </Alert>
        )}
      </Card>
    </Stack>
  );
}
