import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personalDataSchema, type Profile } from '../../../../shared/schemas/profile';
import { notifySuccess } from '../../../lib/notify';
import { useSavePersonalData } from '../api/save-personal-data';
import { FormDialog } from '../../../components/form-dialog';
import { useSchemaForm } from '../../../lib/use-schema-form';

export function PersonalDataDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePersonalData();
  const { form, field, valid } = useSchemaForm(personalDataSchema, {
    firstName: profile.userProfile.firstName ?? '',
    lastName: profile.userProfile.lastName ?? '',
  });
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
        {...field('firstName')}
      />
      <TextInput label={t('PROFILE.Personal.LastName')} required autoComplete="family-name" {...field('lastName')} />
    </FormDialog>
  );
}
