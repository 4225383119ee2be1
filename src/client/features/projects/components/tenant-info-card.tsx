import { Card, Skeleton, Title, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantInfo } from '../api/get-tenant-info';

/** The tenant's general information; the html is sanitised before it is shown. */
export function TenantInfoCard({ rootUnitId }: { rootUnitId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useTenantInfo(rootUnitId, true);
  const html = useMemo(() => (data ? DOMPurify.sanitize(data, { USE_PROFILES: { html: true } }) : ''), [data]);
  if (!isLoading && !html) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="tenant-info">
      <Title order={2} size="h5" mb="sm">
        {t('PROJECT.TenantInfo.Title')}
      </Title>
      {isLoading ? (
        <Skeleton h={60} />
      ) : (
        <Typography fz="sm">
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
      )}
    </Card>
  );
}
