import { Button, Checkbox, Group, Select, Stack } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/schemas/common';
import type { Profile } from '../../../../shared/schemas/profile';
import { confirmAction } from '../../../components/confirm';
import { languages } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRequestAccountDeletion } from '../api/request-account-deletion';
import { useSaveSettings } from '../api/save-settings';
import { useSetLanguage } from '../api/set-language';
import { ProfileCard } from './profile-card';

export function SettingsCard({ profile, onChangePassword }: { profile: Profile; onChangePassword: () => void }) {
  const { t } = useTranslation();
  const [dailyStatusMail, setDailyStatusMail] = useState(profile.userProfile.dailyStatusMail);
  const [language, setLanguage] = useState<Language>(profile.user.language);
  const saveSettings = useSaveSettings();
  const saveLanguage = useSetLanguage();
  const deletion = useRequestAccountDeletion();
  const dirty = dailyStatusMail !== profile.userProfile.dailyStatusMail || language !== profile.user.language;
  const saving = saveSettings.isPending || saveLanguage.isPending;

  const save = async () => {
    if (saving) return;
    try {
      if (dailyStatusMail !== profile.userProfile.dailyStatusMail) await saveSettings.mutateAsync({ dailyStatusMail });
      if (language !== profile.user.language)
        await saveLanguage.mutateAsync({ userID: profile.user.userID, languageKey: language });
      notifySuccess(t('PROFILE.Settings.Saved'));
    } catch (e) {
      notifyError(e);
    }
  };

  const deleteAccount = async () => {
    const ok = await confirmAction({
      title: t('PROFILE.DeleteAccount.ConfirmTitle'),
      message: t('PROFILE.DeleteAccount.ConfirmMessage'),
      danger: true,
    });
    if (!ok) return;
    deletion.mutate(undefined, {
      onSuccess: () => notifySuccess(t('PROFILE.DeleteAccount.MailSent')),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <ProfileCard title={t('PROFILE.Settings.Title')} testId="settings-card">
      <Stack>
        <Checkbox
          label={t('PROFILE.Settings.DailyStatusMail')}
          checked={dailyStatusMail}
          onChange={(e) => setDailyStatusMail(e.currentTarget.checked)}
        />
        <Select
          label={t('PROFILE.Settings.Language')}
          data={languages.map((l) => ({ value: l, label: t(`LANGUAGES.${l}`) }))}
          value={language}
          onChange={(v) => v && setLanguage(v as Language)}
          allowDeselect={false}
          maw={260}
        />
        <Group justify="space-between">
          <Group gap="xs">
            {!profile.isExternalLogin && (
              <Button
                variant="default"
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={onChangePassword}
                data-testid="change-password"
              >
                {t('PROFILE.Settings.ChangePassword')}
              </Button>
            )}
            <Button
              variant="outline"
              color="red.8"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void deleteAccount()}
              loading={deletion.isPending}
            >
              {t('PROFILE.Settings.DeleteAccount')}
            </Button>
          </Group>
          <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
            {t('COMMON.Save')}
          </Button>
        </Group>
      </Stack>
    </ProfileCard>
  );
}
