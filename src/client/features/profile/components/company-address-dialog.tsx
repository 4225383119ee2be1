import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { companyAddressSchema, type Profile } from '../../../../shared/schemas/profile';
import { notifySuccess } from '../../../lib/notify';
import { useSaveAddress } from '../api/save-address';
import { FormDialog } from '../../../components/form-dialog';
import { useSchemaForm } from '../../../lib/use-schema-form';

export function CompanyAddressDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const a = profile.address;
  const { form, field, valid } = useSchemaForm(companyAddressSchema, {
    name: a.name ?? '',
    street1: a.street1 ?? '',
    street2: a.street2 ?? '',
    zip: a.zip ?? '',
    city: a.city ?? '',
  });
  return (
    <FormDialog
      opened
      title={t('PROFILE.Company.DialogTitle')}
      onClose={onClose}
      submitting={save.isPending}
      valid={valid}
      error={save.error}
      detailedErrors
      onSubmit={() =>
        save.mutate(form.values, {
          onSuccess: () => {
            notifySuccess(t('PROFILE.Saved'));
            onClose();
          },
        })
      }
    >
      <TextInput label={t('PROFILE.Company.Name')} autoComplete="organization" data-autofocus {...field('name')} />
      <TextInput label={t('PROFILE.Company.Street1')} autoComplete="address-line1" {...field('street1')} />
      <TextInput label={t('PROFILE.Company.Street2')} autoComplete="address-line2" {...field('street2')} />
      <Group grow align="flex-start">
        <TextInput label={t('PROFILE.Company.Zip')} autoComplete="postal-code" maw={140} {...field('zip')} />
        <TextInput label={t('PROFILE.Company.City')} autoComplete="address-level2" {...field('city')} />
      </Group>
    </FormDialog>
  );
}
