import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorText } from '../../../lib/notify';
import { useRootUnit } from '../api/get-root';
import { useStructureDraft } from '../api/structure-draft';
import { StructureEditor } from '../components/structure-editor';

/** `home/app/project/structure/{rootUnitId}`: the structure editor of a project in Structuring. */
export function StructurePage() {
  const { t } = useTranslation();
  const rootId = Number(useParams().rootUnitId);
  const root = useRootUnit(rootId);
  const draft = useStructureDraft(rootId);
  const error = draft.error ?? root.error;

  return (
    <Stack gap="md" maw={1280}>
      <Anchor component={Link} to={`/home/app/project/details/${rootId}`} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('STRUCTURE.BackToProject')}
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {t('STRUCTURE.Title')}
        </Title>
        {root.data && (
          <Text c="dimmed">
            {root.data.projectUnitNo} · {root.data.title}
          </Text>
        )}
      </div>
      {error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {apiErrorText(error)}
        </Alert>
      )}
      {draft.isPending && !error && <Skeleton h={240} radius="md" />}
      {draft.data && <StructureEditor key={rootId} rootId={rootId} draft={draft.data} />}
    </Stack>
  );
}
