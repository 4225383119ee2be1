import { Box, Button, Flex, Group, Stack } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ModelComparisonView } from '../../../../shared/schemas/compare';
import {
  ModelViewerSlot,
  type ModelViewerHandle,
  type SelectedModelElement,
} from '../../../components/model-viewer-slot';
import type { useComparison } from '../api/compare';
import { MODEL_DIFF_COLOURS, ModelCompare } from './model-compare';

type Props = {
  /** The model's key: a new file version is a new viewer. */
  viewKey: string;
  modelUrl: string;
  /** Raise a topic from the current view, when topics are writable. */
  onNewTopic: (() => void) | null;
  /** The comparison with an earlier version, when comparing. */
  compare: {
    comparison: ReturnType<typeof useComparison>;
    diff: ModelComparisonView | null;
    earlier: number[];
    against: number;
    onAgainstChange: (version: number) => void;
    /** The earlier version's model, where the removed elements are drawn from. */
    againstUrl: string;
    element: string | null;
    onElement: (globalId: string) => void;
  } | null;
  highlight: string[];
  /** A topic's view, or an element picked from the comparison, shows through the rest. */
  ghostOthers: boolean;
  onSelectElement: (e: SelectedModelElement | null) => void;
  onReady: (handle: ModelViewerHandle) => void;
};

/** A model under review: the model viewer, "topic from this view", and the list of differences when comparing. */
export function ModelReview({ viewKey, modelUrl, onNewTopic, compare, highlight, ...props }: Props) {
  const { t } = useTranslation();
  const diff = compare?.diff ?? null;
  return (
    <Stack h="100%" gap={0}>
      {onNewTopic && (
        <Group justify="flex-end" p={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Button size="xs" variant="light" leftSection={<IconMessagePlus size={16} />} onClick={onNewTopic}>
            {t('VIEWER.Topics.NewFromView')}
          </Button>
        </Group>
      )}
      {/* The diff list beside the model only where the centre is wide enough to keep the model
          usable (files and topics take 560 px); below, above it. */}
      <Flex direction={{ base: 'column', xl: 'row' }} style={{ flex: 1, minHeight: 0 }}>
        {compare && (
          <Box
            w={{ base: '100%', xl: 320 }}
            h={{ base: 260, xl: 'auto' }}
            style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)' }}
          >
            <ModelCompare
              comparison={{ ...compare.comparison, data: diff }}
              earlier={compare.earlier}
              against={compare.against}
              onAgainstChange={compare.onAgainstChange}
              selected={compare.element}
              onSelect={compare.onElement}
            />
          </Box>
        )}
        <Box p="xs" style={{ flex: 1, minHeight: 0 }}>
          <ModelViewerSlot
            key={viewKey}
            modelUrl={modelUrl}
            highlightGlobalIds={compare?.element ? [compare.element] : highlight}
            colouredGlobalIds={
              compare && diff
                ? [
                    { color: MODEL_DIFF_COLOURS.added, globalIds: diff.added.map((e) => e.globalId) },
                    { color: MODEL_DIFF_COLOURS.changed, globalIds: diff.changed.map((e) => e.globalId) },
                  ]
                : undefined
            }
            removedFrom={
              compare && diff
                ? {
                    modelUrl: compare.againstUrl,
                    globalIds: diff.removed.map((e) => e.globalId),
                    color: MODEL_DIFF_COLOURS.removed,
                  }
                : undefined
            }
            frameGlobalIds={compare?.element ? [compare.element] : undefined}
            ghostOthers={props.ghostOthers}
            onSelectElement={props.onSelectElement}
            onReady={props.onReady}
            tools
          />
        </Box>
      </Flex>
    </Stack>
  );
}
