import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectUnit, SiteAddress, SiteContact } from '../../../../shared/schemas/projects';
import { SiteFields } from '../../../components/site-fields';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { SiteSaveError, useSaveSiteData, useSiteAddress, useSiteContact } from '../api/site-data';
import { EMAIL_PATTERN } from './reviewer-change-dialog';

export type SiteSections = 'both' | 'address' | 'contact';
type Props = { unit: ProjectUnit; sections: SiteSections; onClose: () => void };

/** The edit project address dialog: address and contact fields; missing records are created and linked. */
export function SiteAddressDialog({ unit, sections, onClose }: Props) {
  const { t } = useTranslation();
  // The records as they were when the dialog opened; saving links new ones, which must not reset the form.
  const [ids] = useState({ address: unit.siteAddressID, contact: unit.siteContactID });
  const address = useSiteAddress(ids.address);
  const contact = useSiteContact(ids.contact);
  const loading = (ids.address !== null && !address.data) || (ids.contact !== null && !contact.data);
  const title =
    sections === 'contact'
      ? t('PROJECT.Tools.edit-site-contact')
      : sections === 'address'
        ? t('PROJECT.Tools.edit-site-address')
        : t('PROJECT.Site.EditTitle');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      {loading ? (
        <Loader size="sm" />
      ) : (
        <SiteForm unit={unit} sections={sections} onClose={onClose} address={address.data} contact={contact.data} />
      )}
    </Modal>
  );
}

function SiteForm({
  unit,
  sections,
  onClose,
  address,
  contact,
}: Props & { address?: SiteAddress; contact?: SiteContact }) {
  const { t } = useTranslation();
  const save = useSaveSiteData();
  const form = useForm({
    initialValues: {
      name: address?.name ?? '',
      street1: address?.street1 ?? '',
      zip: address?.zip ?? '',
      city: address?.city ?? '',
      country: address?.country ?? '',
      contactName: contact?.name ?? '',
      officePhone: contact?.officePhone ?? '',
      companyMobile: contact?.companyMobile ?? '',
      officeFax: contact?.officeFax ?? '',
      officeEMail: contact?.officeEMail ?? '',
    },
    validate: { officeEMail: (v) => (v.trim() && !EMAIL_PATTERN.test(v.trim()) ? t('VALIDATION.InvalidEmail') : null) },
  });
  const withAddress = sections !== 'contact';
  const withContact = sections !== 'address';

  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync({
        unitId: unit.projectUnitID,
        addressId: address?.addressID ?? null,
        contactId: contact?.contactID ?? null,
        address: withAddress
          ? { name: v.name, street1: v.street1, zip: v.zip, city: v.city, country: v.country }
          : undefined,
        contact: withContact
          ? {
              name: v.contactName,
              officePhone: v.officePhone,
              companyMobile: v.companyMobile,
              officeFax: v.officeFax,
              officeEMail: v.officeEMail.trim(),
            }
          : undefined,
      });
      notifySuccess(t('PROJECT.Site.Saved'));
      onClose();
    } catch (err) {
      const failure = err instanceof SiteSaveError ? err : new SiteSaveError(err, false);
      notifyError(failure.error, t('PROJECT.Site.SaveFailed'));
      if (failure.createdNew) onClose();
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SiteFields
          inputProps={(field) => form.getInputProps(field)}
          withAddress={withAddress}
          withContact={withContact}
          autoFocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('COMMON.Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('COMMON.Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
