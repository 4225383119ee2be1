import { Alert, Button, Grid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useProfile } from '../api/get-profile';
import { CompanyAddressDialog } from '../components/company-address-dialog';
import { ContactDataDialog } from '../components/contact-data-dialog';
import { ImageDialog } from '../components/image-dialog';
import { PasswordDialog } from '../components/password-dialog';
import { PersonalDataDialog } from '../components/personal-data-dialog';
import { Fields, ProfileCard } from '../components/profile-card';
import { ProfileImageCard } from '../components/profile-image-card';
import { SessionsCard } from '../components/sessions-card';
import { MailPreferencesCard } from '../components/mail-preferences-card';
import { SettingsCard } from '../components/settings-card';
import { CalendarFeedCard } from '../../../components/calendar-feed-card';

type DialogName = 'image' | 'personal' | 'password' | 'company' | 'contact' | null;

/** home/app/profile (spec/admin-profile-orders.md §2). */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [dialog, setDialog] = useState<DialogName>(null);
  const close = () => setDialog(null);

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <Alert color="red" role="alert" title={t('PROFILE.LoadError')}>
        <Button variant="default" onClick={() => void profile.refetch()}>
          {t('COMMON.Retry')}
        </Button>
      </Alert>
    );
  }
  const p = profile.data;
  const hasName = !!p.userProfile.firstName && !!p.userProfile.lastName;

  return (
    <Stack maw={1100}>
      <Title order={1} size="h2">
        {t('PROFILE.Title')}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
          <ProfileImageCard profile={p} onEdit={() => setDialog('image')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
          <Stack>
            <ProfileCard
              title={t('PROFILE.Personal.Title')}
              testId="personal-card"
              onEdit={p.isExternalLogin ? undefined : () => setDialog('personal')}
            >
              <Fields
                items={[
                  [t('PROFILE.Personal.FirstName'), p.userProfile.firstName],
                  [t('PROFILE.Personal.LastName'), p.userProfile.lastName],
                ]}
              />
            </ProfileCard>
            <SettingsCard
              key={`${p.user.language}-${p.userProfile.dailyStatusMail}`}
              profile={p}
              onChangePassword={() => setDialog('password')}
            />
            <MailPreferencesCard />
            <ProfileCard title={t('PROFILE.Company.Title')} testId="company-card" onEdit={() => setDialog('company')}>
              <Fields
                items={[
                  [t('PROFILE.Company.Name'), p.address.name],
                  [t('PROFILE.Company.Street1'), p.address.street1],
                  [t('PROFILE.Company.Street2'), p.address.street2],
                  [t('PROFILE.Company.Zip'), p.address.zip],
                  [t('PROFILE.Company.City'), p.address.city],
                ]}
              />
            </ProfileCard>
            <ProfileCard
              title={t('PROFILE.Contact.Title')}
              testId="contact-card"
              onEdit={() => setDialog('contact')}
              editDisabled={!hasName}
              editHint={t('PROFILE.Contact.NeedsName')}
            >
              <Fields
                items={[
                  [t('PROFILE.Contact.OfficePhone'), p.contact.officePhone],
                  [t('PROFILE.Contact.CompanyMobile'), p.contact.companyMobile],
                ]}
              />
            </ProfileCard>
            <SessionsCard />
            <CalendarFeedCard />
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog === 'image' && <ImageDialog onClose={close} />}
      {dialog === 'personal' && <PersonalDataDialog profile={p} onClose={close} />}
      {dialog === 'password' && <PasswordDialog onClose={close} />}
      {dialog === 'company' && <CompanyAddressDialog profile={p} onClose={close} />}
      {dialog === 'contact' && <ContactDataDialog profile={p} onClose={close} />}
    </Stack>
  );
}
