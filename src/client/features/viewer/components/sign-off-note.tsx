import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconFileTypePdf, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { signOffPdfUrl, useSignOffs } from '../api/sign-offs';

const choiceKey = { resolve: 'Resolve', 'carry-over': 'CarryOver', accept: 'Accept' } as const;

/**
 * The sign-off record of the approval that covers the shown file version: who approved it and when,
 * the topics open then with the choice made for each, and the record as PDF.
 */
export function SignOffNote({
  rootId,
  unitId,
  fileId,
  version,
  enabled,
}: {
  rootId: number;
  unitId: number;
  fileId: number | null;
  version: number | null;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const signOffs = useSignOffs(rootId, unitId, enabled);
  const record = signOffs.data?.data.find((s) =>
    s.files.some((x) => x.projectFileID === fileId && x.version === version),
  );
  if (!enabled || !record) return null;
  return (
    <Alert
      color="teal"
      icon={<IconRosetteDiscountCheck size={18} aria-hidden />}
      title={t('VIEWER.SignOff.Heading', { date: f.dateTime(record.signedOn), name: record.signedByName })}
      data-testid="sign-off"
    >
      <Text size="sm" fw={600}>
        {t('VIEWER.SignOff.OpenTopics', { count: record.topics.length })}
      </Text>
      {record.topics.length === 0 ? (
        <Text size="sm">{t('VIEWER.SignOff.NoOpenTopics')}</Text>
      ) : (
        <List size="sm">
          {record.topics.map((x) => (
            <List.Item key={x.topicID}>
              {x.title} — {t(`VIEWER.SignOff.Choice.${choiceKey[x.choice]}`)}
              {x.comment ? `: ${x.comment}` : ''}
            </List.Item>
          ))}
        </List>
      )}
      <Anchor
        href={signOffPdfUrl(rootId, unitId, record.signOffID)}
        target="_blank"
        rel="noopener"
        size="sm"
        mt="xs"
        // Dark on the alert's light teal, underlined as a link (the primary colour lacks the contrast there).
        c="dark.8"
        underline="always"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <IconFileTypePdf size={16} aria-hidden />
        {t('VIEWER.SignOff.Pdf')}
      </Anchor>
    </Alert>
  );
}
