import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactDataSchema, type Profile } from '../../../../shared/schemas/profile';
import { notifySuccess } from '../../../lib/notify';
import { useSaveContact } from '../api/save-contact';
import { FormDialog } from '../../../components/form-dialog';
import { useSchemaForm } from '../../../lib/use-schema-form';

export function ContactDataDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const { form, field, valid } = useSchemaForm(contactDataSchema, {
    officePhone: profile.contact.officePhone ?? '',
    companyMobile: profile.contact.companyMobile ?? '',
  });
  return (
    <FormDialog
      opened
      title={t('PROFILE.Contact.DialogTitle')}
      onClose={onClose}
      submitting={save.isPending}
      valid={valid}
      error={save.error}
      onSubmit={() =>
        save.mutate(form.values, {
          onSuccess: () => {
            notifySuccess(t('PROFILE.Saved'));
            onClose();
          },
        })
      }
    >
      <TextInput
        label={t('PROFILE.Contact.OfficePhone')}
        type="tel"
        autoComplete="work tel"
        data-autofocus
        {...field('officePhone')}
      />
      <TextInput
        label={t('PROFILE.Contact.CompanyMobile')}
        type="tel"
        autoComplete="mobile tel"
        {...field('companyMobile')}
      />
    </FormDialog>
  );
}
