import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectUnit, SiteAddress, SiteContact } from '../../../../shared/schemas/projects';
import { FormDialog } from '../../../components/form-dialog';
import { emptySiteValues, SiteFields, siteFieldsSchema } from '../../../components/site-fields';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { isStaleSave, offerReload } from '../../../lib/stale-save';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { SiteSaveError, useSaveSiteData, useSiteAddress, useSiteContact } from '../api/site-data';

type Props = { unit: ProjectUnit; onClose: () => void };

const hasAny = (values: Record<string, string | null | undefined>) =>
  Object.values(values).some((v) => (v ?? '').trim() !== '');

/**
 * The edit project address dialog: the site address and the site contact in one form, whichever
 * button or tool opened it; missing records are created and linked, an empty one is not created.
 */
export function SiteAddressDialog({ unit, onClose }: Props) {
  const { t } = useTranslation();
  // The records as they were when the dialog opened; saving links new ones, which must not reset the form.
  const [ids] = useState({ address: unit.siteAddressID, contact: unit.siteContactID });
  const addressQuery = useSiteAddress(ids.address);
  const contactQuery = useSiteContact(ids.contact);
  const loading = (ids.address !== null && !addressQuery.data) || (ids.contact !== null && !contactQuery.data);
  const save = useSaveSiteData(unit.projectUnitID);
  const { form, field, valid } = useSchemaForm(siteFieldsSchema, emptySiteValues);
  const a: SiteAddress | undefined = addressQuery.data;
  const c: SiteContact | undefined = contactQuery.data;

  useEffect(() => {
    if (loading || form.initialized) return;
    form.initialize({
      name: a?.name ?? '',
      street1: a?.street1 ?? '',
      zip: a?.zip ?? '',
      city: a?.city ?? '',
      country: a?.country ?? '',
      contactName: c?.name ?? '',
      officePhone: c?.officePhone ?? '',
      companyMobile: c?.companyMobile ?? '',
      officeFax: c?.officeFax ?? '',
      officeEMail: c?.officeEMail ?? '',
    });
  }, [loading, form, a, c]);

  const fail = async (failure: SiteSaveError) => {
    // Someone saved the address or contact meanwhile: offer theirs (the dialog reopens with it).
    if (isStaleSave(failure.error)) {
      if ((await offerReload()) || failure.createdNew) onClose();
      return;
    }
    notifyError(failure.error, t('PROJECT.Site.SaveFailed'));
    if (failure.createdNew) onClose();
  };

  const submit = () => {
    if (form.validate().hasErrors) return;
    const v = form.values;
    const addressValues = { name: v.name, street1: v.street1, zip: v.zip, city: v.city, country: v.country };
    const contactValues = {
      name: v.contactName,
      officePhone: v.officePhone,
      companyMobile: v.companyMobile,
      officeFax: v.officeFax,
      officeEMail: v.officeEMail.trim(),
    };
    const input = {
      address: a ?? null,
      contact: c ?? null,
      addressValues: a || hasAny(addressValues) ? addressValues : undefined,
      contactValues: c || hasAny(contactValues) ? contactValues : undefined,
    };
    save.mutate(input, {
      onSuccess: () => {
        notifySuccess(t('PROJECT.Site.Saved'));
        onClose();
      },
      onError: (failure) => void fail(failure),
    });
  };

  return (
    <FormDialog
      opened
      title={t('PROJECT.Site.EditTitle')}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      valid={!loading && valid}
      error={null}
    >
      {loading || !form.initialized ? <Loader size="sm" /> : <SiteFields inputProps={field} autoFocus />}
    </FormDialog>
  );
}
