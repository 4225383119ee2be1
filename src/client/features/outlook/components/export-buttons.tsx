import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** CSV and XLSX downloads of one table; `href` gets the format appended. */
export function ExportButtons({ href, label }: { href: (format: 'csv' | 'xlsx') => string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="group" aria-label={label ?? t('OUTLOOK.Export')}>
      <Button component="a" variant="default" size="compact-sm" href={href('csv')} download>
        {t('OUTLOOK.Export')} {t('OUTLOOK.ExportCsv')}
      </Button>
      <Button component="a" variant="default" size="compact-sm" href={href('xlsx')} download>
        {t('OUTLOOK.Export')} {t('OUTLOOK.ExportXlsx')}
      </Button>
    </Group>
  );
}
