import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';

type OfferProps = { savedAt: string; onContinue: () => void; onDiscard: () => void };

/** The local draft found on opening, offered back: continue with it or discard it. */
export function LocalDraftOffer({ savedAt, onContinue, onDiscard }: OfferProps) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return (
    <Alert
      color="blue"
      icon={<IconInfoCircle aria-hidden />}
      title={t('STRUCTURE.LocalDraft.Title')}
      data-testid="local-draft-offer"
    >
      <Stack gap="xs">
        <Text size="sm">{t('STRUCTURE.LocalDraft.Message', { date: fmt.dateTime(savedAt) })}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={onContinue}>
            {t('STRUCTURE.LocalDraft.Continue')}
          </Button>
          <Button size="xs" variant="default" onClick={onDiscard}>
            {t('STRUCTURE.LocalDraft.Discard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

type OtherTabProps = { savedAt: string; onLoad: () => void; onKeep: () => void };

/** Another tab changed the same project's draft: load its state or keep this one. */
export function OtherTabNotice({ savedAt, onLoad, onKeep }: OtherTabProps) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return (
    <Alert color="orange" title={t('STRUCTURE.OtherTab.Title')} role="alert" data-testid="other-tab-notice">
      <Stack gap="xs">
        <Text size="sm">{t('STRUCTURE.OtherTab.Message', { date: fmt.dateTime(savedAt) })}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onLoad}>
            {t('STRUCTURE.OtherTab.Load')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onKeep}>
            {t('STRUCTURE.OtherTab.Keep')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
