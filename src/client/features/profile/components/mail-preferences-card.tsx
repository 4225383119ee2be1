import { Alert, Button, Flex, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  mailKindKey,
  type MailDelivery,
  type MailPreferences,
  type NotificationType,
} from '../../../../shared/schemas/notifications';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMailPreferences, useSaveMailPreferences } from '../api/mail-preferences';
import { ProfileCard } from './profile-card';

const deliveryLabel: Record<MailDelivery, string> = {
  immediately: 'PROFILE.MailPreferences.Immediately',
  digest: 'PROFILE.MailPreferences.Digest',
  off: 'PROFILE.MailPreferences.Off',
};

/** Per kind of event: mail immediately, in the daily digest, or off (saved with the card's button). */
export function MailPreferencesCard() {
  const { t } = useTranslation();
  const query = useMailPreferences();
  return (
    <ProfileCard title={t('PROFILE.MailPreferences.Title')} testId="mail-preferences-card">
      {query.data ? (
        <MailPreferencesForm key={query.data.map((p) => p.delivery).join()} preferences={query.data} />
      ) : query.isError ? (
        <Alert color="red">{t('PROFILE.MailPreferences.LoadFailed')}</Alert>
      ) : (
        <Loader size="sm" aria-label={t('COMMON.Loading')} />
      )}
    </ProfileCard>
  );
}

function MailPreferencesForm({ preferences }: { preferences: MailPreferences }) {
  const { t } = useTranslation();
  const save = useSaveMailPreferences();
  const [choices, setChoices] = useState<Record<string, MailDelivery>>(() =>
    Object.fromEntries(preferences.map((p) => [p.kind, p.delivery])),
  );
  const changed = preferences.filter((p) => choices[p.kind] !== p.delivery);
  const options = (['immediately', 'digest', 'off'] as const).map((value) => ({
    value,
    label: t(deliveryLabel[value]),
  }));

  const submit = async () => {
    if (save.isPending || changed.length === 0) return;
    try {
      await save.mutateAsync({
        preferences: changed.map((p) => ({ kind: p.kind, delivery: choices[p.kind] as MailDelivery })),
      });
      notifySuccess(t('PROFILE.Settings.Saved'));
    } catch (e) {
      notifyError(e);
    }
  };

  const labelOf = (kind: NotificationType) => t(`PROFILE.MailPreferences.Kinds.${mailKindKey(kind)}`);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('PROFILE.MailPreferences.Intro')}
      </Text>
      {preferences.map((p) => {
        const id = `mail-kind-${mailKindKey(p.kind)}`;
        return (
          <Flex
            key={p.kind}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            align={{ base: 'stretch', sm: 'center' }}
            gap={4}
            data-testid={`mail-preference-${p.kind}`}
          >
            <Text id={id} size="sm">
              {labelOf(p.kind)}
            </Text>
            <SegmentedControl
              aria-labelledby={id}
              name={id}
              size="xs"
              data={options}
              value={choices[p.kind]}
              onChange={(v) => setChoices((c) => ({ ...c, [p.kind]: v as MailDelivery }))}
              miw={{ sm: 300 }}
            />
          </Flex>
        );
      })}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isPending} disabled={changed.length === 0}>
          {t('COMMON.Save')}
        </Button>
      </Group>
    </Stack>
  );
}
