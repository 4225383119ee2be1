import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../shared/schemas/profile';
import { notifySuccess } from '../../../lib/notify';
import { useSavePersonalData } from '../api/save-personal-data';
import { FormDialog } from '../../../components/form-dialog';

export function PersonalDataDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePersonalData();
  const required = (v: string) => (v.trim() ? null : t('PROFILE.Personal.Required'));
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: profile.userProfile.firstName ?? '', lastName: profile.userProfile.lastName ?? '' },
    validate: { firstName: required, lastName: required },
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  const valid = !required(form.values.firstName) && !required(form.values.lastName);
  return (
    <FormDialog
      opened
      title={t('PROFILE.Personal.DialogTitle')}
      onClose={onClose}
      submitting={save.isPending}
      valid={valid}
      error={save.error}
      onSubmit={() => {
        if (form.validate().hasErrors) return;
        save.mutate(form.values, {
          onSuccess: () => {
            notifySuccess(t('PROFILE.Saved'));
            onClose();
          },
        });
      }}
    >
      <TextInput
        label={t('PROFILE.Personal.FirstName')}
        required
        autoComplete="given-name"
        data-autofocus
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={t('PROFILE.Personal.LastName')}
        required
        autoComplete="family-name"
        {...form.getInputProps('lastName')}
      />
    </FormDialog>
  );
}
