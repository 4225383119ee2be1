import { Button, Group } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconBuildingSkyscraper,
  IconCircleCheck,
  IconDeviceFloppy,
} from '@tabler/icons-react';
import { memo, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { StructureAction } from './structure-state';

type ToolbarProps = {
  hasStructure: boolean;
  readOnly: boolean;
  overLimit: boolean;
  saving: boolean;
  finishing: boolean;
  onSave: () => void;
  onFinish: () => void;
  onGenerate: () => void;
  dispatch: Dispatch<StructureAction>;
};

/** Expand all, collapse all, generate from the model; Save and Structuring-finished. */
export const StructureToolbar = memo(function StructureToolbar({
  hasStructure,
  readOnly,
  overLimit,
  saving,
  finishing,
  onSave,
  onFinish,
  onGenerate,
  dispatch,
}: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowsMaximize size={16} aria-hidden />}
          disabled={!hasStructure}
          onClick={() => dispatch({ type: 'expandAll', expanded: true })}
        >
          {t('STRUCTURE.ExpandAll')}
        </Button>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconArrowsMinimize size={16} aria-hidden />}
          disabled={!hasStructure}
          onClick={() => dispatch({ type: 'expandAll', expanded: false })}
        >
          {t('STRUCTURE.CollapseAll')}
        </Button>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
          disabled={readOnly}
          onClick={onGenerate}
        >
          {t('STRUCTURE.Generate.Open')}
        </Button>
      </Group>
      <Group gap="xs">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          disabled={readOnly || overLimit || finishing}
          loading={saving}
          onClick={onSave}
        >
          {t('COMMON.Save')}
        </Button>
        <Button
          size="sm"
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          disabled={readOnly || overLimit || saving}
          loading={finishing}
          onClick={onFinish}
        >
          {t('STRUCTURE.Finish')}
        </Button>
      </Group>
    </Group>
  );
});
