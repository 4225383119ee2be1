import { ActionIcon, Alert, Anchor, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Questionnaire } from '../../../../shared/schemas/questionnaire';
import { Tooltip } from '../../../components/tooltip';

/** The way back, the sheet's title with its project, PDF and print, and the read-only notice. */
export function QuestionnaireHeader({ questionnaire: q, backTo }: { questionnaire: Questionnaire; backTo: string }) {
  const { t } = useTranslation();
  const printSheet = () => window.open(`/questionnaire/${q.rootUnitId}`, '_blank', 'noopener');
  return (
    <>
      <Anchor component={Link} to={backTo} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('QUESTIONNAIRE.Back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('QUESTIONNAIRE.Title')}
          </Title>
          <Text c="dimmed">
            {q.projectNo} · {q.title}
          </Text>
        </div>
        <Group gap="xs">
          <Tooltip label={t('QUESTIONNAIRE.Pdf')}>
            <ActionIcon
              component="a"
              href={`/api/questionnaire/${q.rootUnitId}/pdf`}
              variant="default"
              size="lg"
              aria-label={t('QUESTIONNAIRE.Pdf')}
              data-testid="questionnaire-pdf"
            >
              <IconFileTypePdf size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('QUESTIONNAIRE.Print')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={printSheet}
              aria-label={t('QUESTIONNAIRE.Print')}
              data-testid="questionnaire-print"
            >
              <IconPrinter size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {!q.canEdit && (
        <Alert color="gray" data-testid="questionnaire-readonly">
          {t('QUESTIONNAIRE.ReadOnly')}
        </Alert>
      )}
    </>
  );
}
