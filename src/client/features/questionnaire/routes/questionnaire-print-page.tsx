import { Box, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fromStored } from '../../../../shared/questionnaire/engine';
import { printModel, type PrintLanguage } from '../../../../shared/questionnaire/print';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageLoader } from '../../../components/page-loader';
import { useQuestionnaire } from '../api/questionnaire';

/** Print timings (spec §9): the dialog ~300 ms after loading, the window closes ~400 ms after printing. */
const PRINT_DELAY_MS = 300;
const CLOSE_DELAY_MS = 400;

const printCss = `@media print { @page { margin: 16mm; } body { background: #fff; } .no-print { display: none !important; } }`;

/** The print page (spec §2 Print): every sheet with data, titled with project number and title. */
export function QuestionnairePrintPage() {
  const { rootUnitId } = useParams();
  const { t, i18n } = useTranslation();
  const { data: q, isLoading, isError } = useQuestionnaire(Number(rootUnitId));
  const lang: PrintLanguage = i18n.language === 'en' || i18n.language === 'nl' ? i18n.language : 'de';
  const model = useMemo(() => (q ? printModel(q.sheets, fromStored(q.sheets, q.data), lang) : []), [q, lang]);

  useEffect(() => {
    if (!q) return;
    document.title = `${q.projectNo} ${q.title} – ${t('QUESTIONNAIRE.Title')}`;
    const close = () => window.setTimeout(() => window.close(), CLOSE_DELAY_MS);
    window.addEventListener('afterprint', close);
    const id = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => {
      window.clearTimeout(id);
      window.removeEventListener('afterprint', close);
    };
  }, [q, t]);

  if (isLoading) return <PageLoader />;
  if (isError || !q) return <NotFoundPage />;
  return (
    <Box p="xl" maw={900} mx="auto" component="main" data-testid="questionnaire-print-page">
      <style>{printCss}</style>
      <Stack gap="lg">
        <div>
          <Text c="dimmed" size="sm">
            {t('QUESTIONNAIRE.Title')}
          </Text>
          <Title order={1} size="h2">
            {q.projectNo} · {q.title}
          </Title>
        </div>
        {model.length === 0 && <Text>{t('QUESTIONNAIRE.PrintEmpty')}</Text>}
        {model.map((sheet) => (
          <Stack key={sheet.name} gap="sm" style={{ breakInside: 'avoid-page' }}>
            <Title order={2} size="h3">
              {sheet.label}
            </Title>
            {sheet.sections.map((section) => (
              <Box key={section.label}>
                <Title order={3} size="h5" mb={4}>
                  {section.label}
                </Title>
                <Table withTableBorder layout="fixed">
                  <Table.Tbody>
                    {section.rows.map((row) => (
                      <Table.Tr key={row.label}>
                        <Table.Th w="40%" fw={500}>
                          {row.label}
                        </Table.Th>
                        <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{row.value}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            ))}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
