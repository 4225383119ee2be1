import { Checkbox, Loader, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { structureFromIfc } from '../../../../shared/rules/structure';
import type { Structure } from '../../../../shared/schemas/structure';
import { FormDialog } from '../../../components/form-dialog';
import { useFormatters } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useIfcFiles } from '../api/ifc';
import { clearIfcRun, startIfcRun, useIfcRun, type IfcRun } from '../api/ifc-run';
import { GenerateSteps } from './generate-steps';
import { newRowId } from './structure-state';

type Props = {
  opened: boolean;
  rootId: number;
  hasStructure: boolean;
  onClose: () => void;
};

/** The draft rows of a finished reading, with or without the model's wall volumes as chosen. */
export function structureOfRun(run: IfcRun, earliest: string, materialType: string): Structure {
  const ifc = run.structure ?? { subProjects: [] };
  const source = run.options.withVolumes
    ? ifc
    : {
        subProjects: ifc.subProjects.map((s) => ({
          ...s,
          approvalLots: s.approvalLots.map((l) => ({ ...l, wallVolume: null })),
        })),
      };
  return structureFromIfc(source, earliest, materialType, newRowId);
}

/**
 * "Generate from model": choose one of the project's IFC models; the server reads its buildings
 * and storeys, and the dialog shows each step. The user may close it and go on meanwhile: the
 * structure editor merges the result into (or replaces) the draft when it is ready.
 */
export const GenerateDialog = memo(function GenerateDialog({ opened, rootId, hasStructure, onClose }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const files = useIfcFiles(rootId, opened);
  const [fileId, setFileId] = useState<string | null>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [withVolumes, setWithVolumes] = useState(true);
  const run = useIfcRun(rootId);
  const running = run?.status === 'running';
  const first = files.data?.[0];

  useEffect(() => {
    if (opened && fileId === null && first) setFileId(String(first.projectFileID));
  }, [opened, fileId, first]);

  const submit = () => {
    if (!fileId || running) return;
    // Rows added while the model is read stay: an empty draft is merged into, not replaced.
    // Told only when no structure editor of the project is open by then (the editor takes the result itself).
    startIfcRun(rootId, Number(fileId), { mode: hasStructure ? mode : 'merge', withVolumes }, (ended) => {
      if (ended.status === 'done') notifySuccess(t('STRUCTURE.Generate.ReadyElsewhere'));
      else {
        notifyError(ended.error, t('STRUCTURE.Generate.Title'));
        clearIfcRun(rootId);
      }
    });
  };

  return (
    <FormDialog
      opened={opened}
      title={t('STRUCTURE.Generate.Title')}
      onClose={() => {
        if (run?.status === 'failed') clearIfcRun(rootId);
        onClose();
      }}
      onSubmit={submit}
      submitting={false}
      valid={fileId !== null && !running}
      error={run?.status === 'failed' ? run.error : null}
      submitLabel={t('STRUCTURE.Generate.Submit')}
      cancelLabel={running ? t('STRUCTURE.Generate.GoOn') : undefined}
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
      {running && <GenerateSteps phase={run.phase} />}
    </FormDialog>
  );
});
