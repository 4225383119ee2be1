import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProjectUnit } from '../../../../shared/schemas/projects';
import { useSiteAddress, useSiteContact } from '../api/site-data';
import { countryName } from '../../../lib/country-name';

type Props = { unit: ProjectUnit; showEdit: boolean; onEdit: () => void };

/** The project's site address and site contact, with an Edit button unless tools replace it. */
export function SiteAddressCard({ unit, showEdit, onEdit }: Props) {
  const { t, i18n } = useTranslation();
  const address = useSiteAddress(unit.siteAddressID);
  const contact = useSiteContact(unit.siteContactID);
  const a = address.data;
  const c = contact.data;
  const loading =
    (unit.siteAddressID !== null && address.isLoading) || (unit.siteContactID !== null && contact.isLoading);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="site-address-card">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {t('PROJECT.Site.Title')}
        </Title>
        {showEdit && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
          >
            {t('COMMON.Edit')}
          </Button>
        )}
      </Group>
      {loading ? (
        <Skeleton h={80} />
      ) : (
        <Stack gap="sm">
          {a ? (
            <Stack gap={0}>
              {[a.name, a.street1, [a.zip, a.city].filter(Boolean).join(' '), countryName(a.country, i18n.language)]
                .filter(Boolean)
                .map((line, i) => (
                  <Text key={i} size="sm" fw={i === 0 ? 600 : undefined}>
                    {line}
                  </Text>
                ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('PROJECT.Site.NoAddress')}
            </Text>
          )}
          {c && (
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase">
                {t('PROJECT.Site.Contact')}
              </Text>
              {c.name && <Text size="sm">{c.name}</Text>}
              {c.officePhone && (
                <Text size="sm">
                  {t('MEMBER.Phone')}: {c.officePhone}
                </Text>
              )}
              {c.companyMobile && (
                <Text size="sm">
                  {t('MEMBER.Mobile')}: {c.companyMobile}
                </Text>
              )}
              {c.officeFax && (
                <Text size="sm">
                  {t('MEMBER.Fax')}: {c.officeFax}
                </Text>
              )}
              {c.officeEMail && <Text size="sm">{c.officeEMail}</Text>}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}
