import { Button, Card, Grid, Group, NavLink, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMailQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink as RouterNavLink, useParams } from 'react-router';
import { HelpButton, HelpContent, helpTopics, type HelpTopic } from '../../../components/help-dialog';
import { TestEmailDialog } from '../components/test-email-dialog';

const isTopic = (v: string | undefined): v is HelpTopic => (helpTopics as readonly string[]).includes(v ?? '');

/** home/app/help/{topic}: the help texts by topic with the manual link, and the test dialog. */
export function HelpPage() {
  const { t } = useTranslation();
  const { topic } = useParams();
  const [testOpened, testDialog] = useDisclosure(false);
  if (!isTopic(topic)) return <Navigate to={`/home/app/help/${helpTopics[0]}`} replace />;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('HELP.Title')}
        </Title>
        <Button variant="default" leftSection={<IconMailQuestion size={18} aria-hidden />} onClick={testDialog.open}>
          {t('HELP.Test.Open')}
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Card withBorder radius="md" padding="xs" component="nav" aria-label={t('HELP.Topics')}>
            {helpTopics.map((name) => (
              <NavLink
                key={name}
                component={RouterNavLink}
                to={`/home/app/help/${name}`}
                label={t(`HELP.Topic.${name}.Title`)}
              />
            ))}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Card withBorder radius="md" padding="lg">
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <Title order={2} size="h3">
                {t(`HELP.Topic.${topic}.Title`)}
              </Title>
              <HelpButton topic={topic} />
            </Group>
            <HelpContent topic={topic} />
          </Card>
        </Grid.Col>
      </Grid>
      <TestEmailDialog opened={testOpened} onClose={testDialog.close} />
    </Stack>
  );
}
