import { Anchor, Container, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageMenu } from '../../../components/language-menu';
import { LegalLinks } from '../../../components/legal-links';
import { useOperator } from '../api/get-operator';
import type { Operator } from '../../../../shared/schemas/legal';

/** Imprint and privacy are readable with or without a session. */
export function LegalLayout({ titleKey, children }: { titleKey: string; children: (operator: Operator) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const operator = useOperator();
  return (
    <Container size="md" py="xl" component="main">
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Group justify="space-between">
            <Anchor component="button" type="button" onClick={() => navigate(-1)} size="sm">
              <Group gap={4}>
                <IconArrowLeft size={14} aria-hidden />
                {t('COMMON.Back')}
              </Group>
            </Anchor>
            <Group gap="md">
              <LegalLinks />
              <LanguageMenu />
            </Group>
          </Group>
          <Title order={1}>{t(titleKey)}</Title>
          {operator.data ? children(operator.data) : <Skeleton h={200} />}
        </Stack>
      </Paper>
    </Container>
  );
}
