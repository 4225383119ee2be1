import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LegalLayout } from './legal-layout';

const sections = ['Controller', 'Data', 'Purpose', 'Cookies', 'Retention', 'Rights'] as const;

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <LegalLayout titleKey="LEGAL.Privacy.Title">
      {(op) => (
        <Stack gap="md">
          {sections.map((s) => (
            <Stack key={s} gap={4}>
              <Title order={2} size="h4">
                {t(`LEGAL.Privacy.${s}.Title`)}
              </Title>
              <Text>{t(`LEGAL.Privacy.${s}.Text`, { name: op.name, address: op.address, email: op.email })}</Text>
            </Stack>
          ))}
          <List size="sm">
            <List.Item>{op.name}</List.Item>
            <List.Item>{op.address}</List.Item>
            <List.Item>{op.email}</List.Item>
          </List>
        </Stack>
      )}
    </LegalLayout>
  );
}
