import { Checkbox, Group, Loader, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { structureFromIfc } from '../../../../shared/rules/structure';
import type { IfcStructure, Structure } from '../../../../shared/schemas/structure';
import { FormDialog } from '../../../components/form-dialog';
import { useFormatters } from '../../../lib/format';
import { fetchIfcStructure, useIfcFiles } from '../api/ifc';
import { newRowId } from './structure-state';

type Props = {
  opened: boolean;
  rootId: number;
  earliest: string;
  materialType: string;
  hasStructure: boolean;
  onClose: () => void;
  onGenerated: (structure: Structure, mode: 'merge' | 'replace') => void;
};

/**
 * "Generate from model": choose one of the project's IFC models; the server reads its buildings
 * and storeys; the result is merged into or replaces the current draft.
 */
export const GenerateDialog = memo(function GenerateDialog({
  opened,
  rootId,
  earliest,
  materialType,
  hasStructure,
  onClose,
  onGenerated,
}: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const files = useIfcFiles(rootId, opened);
  const [fileId, setFileId] = useState<string | null>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [withVolumes, setWithVolumes] = useState(true);
  const generate = useMutation({
    mutationFn: (id: number) => fetchIfcStructure(rootId, id),
  });
  const first = files.data?.[0];

  useEffect(() => {
    if (opened && fileId === null && first) setFileId(String(first.projectFileID));
  }, [opened, fileId, first]);

  const submit = () => {
    if (!fileId) return;
    generate.mutate(Number(fileId), {
      onSuccess: (ifc: IfcStructure) => {
        const source = withVolumes
          ? ifc
          : {
              subProjects: ifc.subProjects.map((s) => ({
                ...s,
                approvalLots: s.approvalLots.map((l) => ({ ...l, wallVolume: null })),
              })),
            };
        onGenerated(structureFromIfc(source, earliest, materialType, newRowId), hasStructure ? mode : 'replace');
        generate.reset();
      },
    });
  };

  return (
    <FormDialog
      opened={opened}
      title={t('STRUCTURE.Generate.Title')}
      onClose={() => {
        generate.reset();
        onClose();
      }}
      onSubmit={submit}
      submitting={generate.isPending}
      valid={fileId !== null}
      error={generate.error}
      submitLabel={t('STRUCTURE.Generate.Submit')}
      size="lg"
      formTestId="generate-dialog"
    >
      <Text size="sm">{t('STRUCTURE.Generate.Intro')}</Text>
      {files.isPending && <Loader size="sm" />}
      {files.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('STRUCTURE.Generate.NoModels')}
        </Text>
      )}
      {files.data && files.data.length > 0 && (
        <Radio.Group value={fileId} onChange={setFileId} label={t('STRUCTURE.Generate.Model')}>
          <Stack gap="xs" mt="xs">
            {files.data.map((f) => (
              <Radio
                key={f.projectFileID}
                value={String(f.projectFileID)}
                label={f.name}
                description={`${fmt.number(Math.round(f.size / 10_000) / 100)} MB · ${fmt.date(f.createdOn)}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Checkbox
        checked={withVolumes}
        onChange={(e) => setWithVolumes(e.currentTarget.checked)}
        label={t('STRUCTURE.Generate.WithVolumes')}
        description={t('STRUCTURE.Generate.WithVolumesHint')}
      />
      {hasStructure && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('STRUCTURE.Generate.Mode')}
          </Text>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v === 'replace' ? 'replace' : 'merge')}
            data={[
              { value: 'merge', label: t('STRUCTURE.Generate.Merge') },
              { value: 'replace', label: t('STRUCTURE.Generate.Replace') },
            ]}
          />
        </Stack>
      )}
      {generate.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('STRUCTURE.Generate.Reading')}</Text>
        </Group>
      )}
    </FormDialog>
  );
});
