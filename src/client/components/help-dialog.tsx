import { ActionIcon, Anchor, Group, Stack, Text } from '@mantine/core';
import { Tooltip } from './tooltip';
import { modals } from '@mantine/modals';
import { IconFileTypePdf, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { helpTopics, type HelpTopic } from '../../shared/rules/help-topics';
import { i18next } from '../lib/i18n';
import { overlaysReady } from '../lib/overlays-ready';
import { manualUrl } from '../lib/manual';

export { helpTopics, type HelpTopic };

const paragraphs = ['P1', 'P2', 'P3'] as const;

/** The help text of a topic with the manual link; used by the help dialogs and the help page. */
export function HelpContent({ topic }: { topic: HelpTopic }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" data-testid={`help-${topic}`}>
      {paragraphs.map((p) => (
        <Text key={p} size="sm">
          {t(`HELP.Topic.${topic}.${p}`)}
        </Text>
      ))}
      <Group gap="xs" mt="xs">
        <IconFileTypePdf size={18} aria-hidden />
        <Anchor href={manualUrl(i18n.language)} target="_blank" rel="noopener" size="sm">
          {t('HELP.Manual')}
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        {t('HELP.ManualText')}
      </Text>
    </Stack>
  );
}

/** Opens the help dialog of a type: upload, structuring, review-drawings or preparing (spec §2). */
export function openHelpDialog(topic: HelpTopic): void {
  void overlaysReady.then(() =>
    modals.open({
      title: i18next.t(`HELP.Topic.${topic}.Title`),
      size: 'lg',
      centered: true,
      children: <HelpContent topic={topic} />,
    }),
  );
}

/** A small "?" button that opens the help dialog of a topic, for page headers and cards. */
export function HelpButton({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation();
  const label = t('HELP.OpenHelp', { topic: t(`HELP.Topic.${topic}.Title`) });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={() => openHelpDialog(topic)}>
        <IconHelpCircle size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
