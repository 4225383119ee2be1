import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addressInputSchema, contactInputSchema } from '../../shared/schemas/projects';

/** The site form's fields; a form of the edit-site dialog or the create-project dialog supplies them. */
export type SiteFieldName =
  | 'name'
  | 'street1'
  | 'zip'
  | 'city'
  | 'country'
  | 'contactName'
  | 'officePhone'
  | 'companyMobile'
  | 'officeFax'
  | 'officeEMail';

export const emptySiteValues: Record<SiteFieldName, string> = {
  name: '',
  street1: '',
  zip: '',
  city: '',
  country: '',
  contactName: '',
  officePhone: '',
  companyMobile: '',
  officeFax: '',
  officeEMail: '',
};

type InputProps = (field: SiteFieldName) => GetInputPropsReturnType;

/** Site address and site contact fields (one place for both dialogs that edit them). */
export function SiteFields({
  inputProps,
  withAddress = true,
  withContact = true,
  autoFocus = false,
}: {
  inputProps: InputProps;
  withAddress?: boolean;
  withContact?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {withAddress && (
        <Stack gap="xs">
          <Title order={3} size="h6">
            {t('PROJECT.Site.Address')}
          </Title>
          <TextInput
            label={t('PROJECT.Site.Name')}
            maxLength={200}
            {...inputProps('name')}
            data-autofocus={autoFocus || undefined}
          />
          <TextInput label={t('PROJECT.Site.Street')} maxLength={200} {...inputProps('street1')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('PROJECT.Site.Zip')} maxLength={20} {...inputProps('zip')} />
            <TextInput label={t('PROJECT.Site.City')} maxLength={100} {...inputProps('city')} />
            <TextInput label={t('PROJECT.Site.Country')} maxLength={50} {...inputProps('country')} />
          </SimpleGrid>
        </Stack>
      )}
      {withContact && (
        <Stack gap="xs">
          <Title order={3} size="h6">
            {t('PROJECT.Site.Contact')}
          </Title>
          <TextInput label={t('PROJECT.Site.ContactName')} maxLength={200} {...inputProps('contactName')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('MEMBER.Phone')} maxLength={50} {...inputProps('officePhone')} />
            <TextInput label={t('MEMBER.Mobile')} maxLength={50} {...inputProps('companyMobile')} />
            <TextInput label={t('MEMBER.Fax')} maxLength={50} {...inputProps('officeFax')} />
          </SimpleGrid>
          <TextInput type="email" label={t('MEMBER.Email')} maxLength={200} {...inputProps('officeEMail')} />
        </Stack>
      )}
    </>
  );
}

const address = addressInputSchema.shape;
const contact = contactInputSchema.shape;
/** The site fields' rules: the API's address and contact rules side by side (the contact's name renamed). */
export const siteFieldsSchema = z.object({
  name: address.name,
  street1: address.street1,
  zip: address.zip,
  city: address.city,
  country: address.country,
  contactName: contact.name,
  officePhone: contact.officePhone,
  companyMobile: contact.companyMobile,
  officeFax: contact.officeFax,
  officeEMail: z.string().trim().pipe(contact.officeEMail.unwrap().unwrap()),
});
