import { Alert, Button, Checkbox, Group, Loader, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileTreeNode } from '../../../../shared/schemas/files';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError } from '../../../lib/notify';
import { createDownload, fetchZip, saveBlob } from '../api/download-selection';
import { useFileTree } from '../api/get-file-tree';
import { formatSize } from './format-size';

type Props = { rootUnitId: number; opened: boolean; onClose: () => void };

const filesBelow = (node: FileTreeNode): { unitId: number; fileId: number; size: number }[] => [
  ...node.files.map((f) => ({ unitId: node.projectUnitID, fileId: f.projectFileID, size: f.size })),
  ...node.children.flatMap(filesBelow),
];
const hasFiles = (node: FileTreeNode): boolean => node.files.length > 0 || node.children.some(hasFiles);

/** Download files dialog (spec §2): a checkbox tree of units and files, the total size, Cancel and Download. */
export function DownloadFilesDialog({ rootUnitId, opened, onClose }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const tree = useFileTree(rootUnitId, opened);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [progress, setProgress] = useState<{ received: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const all = tree.data ? filesBelow(tree.data) : [];
  const chosen = all.filter((f) => selected.has(f.fileId));
  const total = chosen.reduce((s, f) => s + f.size, 0);

  const toggle = (ids: number[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const close = () => {
    abort.current?.abort();
    setProgress(null);
    onClose();
  };

  const download = async () => {
    const controller = new AbortController();
    abort.current = controller;
    try {
      setProgress({ received: 0, total });
      const { downloadID } = await createDownload(
        rootUnitId,
        chosen.map((f) => ({ projectUnitID: f.unitId, fileID: f.fileId })),
      );
      const { blob, fileName } = await fetchZip(
        downloadID,
        (received) => setProgress({ received, total }),
        controller.signal,
      );
      saveBlob(blob, fileName);
      setProgress(null);
      onClose();
    } catch (err) {
      setProgress(null);
      if (!controller.signal.aborted) notifyError(err);
    }
  };

  const renderNode = (node: FileTreeNode, depth: number) => {
    if (!hasFiles(node)) return null;
    const ids = filesBelow(node).map((f) => f.fileId);
    const count = ids.filter((id) => selected.has(id)).length;
    return (
      <Stack key={node.projectUnitID} gap={4} pl={depth ? 'lg' : 0}>
        <Checkbox
          label={
            <Text size="sm" fw={600}>
              {node.projectUnitNo} – {node.title}
            </Text>
          }
          checked={count === ids.length}
          indeterminate={count > 0 && count < ids.length}
          onChange={(e) => toggle(ids, e.currentTarget.checked)}
        />
        <Stack gap={4} pl="lg">
          {node.files.map((f) => (
            <Checkbox
              key={f.projectFileID}
              data-testid="download-file-checkbox"
              label={
                <Group gap="xs">
                  <Text size="sm">{f.name}</Text>
                  <Text size="xs" c="dimmed">
                    {formatSize(f.size, fmt.locale)}
                  </Text>
                </Group>
              }
              checked={selected.has(f.projectFileID)}
              onChange={(e) => toggle([f.projectFileID], e.currentTarget.checked)}
            />
          ))}
        </Stack>
        {node.children.map((c) => renderNode(c, depth + 1))}
      </Stack>
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('FILES.DownloadDialog.Title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <Stack gap="md">
        {tree.isPending && (
          <Group gap="xs" role="status" mih={120}>
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('FILES.DownloadDialog.Loading')}
            </Text>
          </Group>
        )}
        {tree.error && (
          <Alert color="red" role="alert">
            {apiErrorText(tree.error)}
          </Alert>
        )}
        {tree.data && all.length === 0 && <Text c="dimmed">{t('FILES.DownloadDialog.NoFiles')}</Text>}
        {tree.data && all.length > 0 && (
          <>
            <Group gap="xs">
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  toggle(
                    all.map((f) => f.fileId),
                    true,
                  )
                }
              >
                {t('FILES.DownloadDialog.SelectAll')}
              </Button>
              <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Set())}>
                {t('FILES.DownloadDialog.SelectNone')}
              </Button>
            </Group>
            <ScrollArea.Autosize mah="50vh">{renderNode(tree.data, 0)}</ScrollArea.Autosize>
          </>
        )}
        <Text size="sm" data-testid="download-total">
          {t('FILES.DownloadDialog.Total', { count: chosen.length, size: formatSize(total, fmt.locale) })}
        </Text>
        {progress && (
          <Stack gap={4}>
            <Progress
              // While the server prepares the first bytes, a full striped bar shows that something happens.
              value={
                progress.total && progress.received > 0
                  ? Math.min(100, (progress.received / progress.total) * 100)
                  : 100
              }
              color={progress.received === 0 ? 'gray' : undefined}
              animated
              aria-label={t('FILES.DownloadDialog.Progress')}
            />
            <Text size="xs" c="dimmed">
              {progress.received === 0
                ? t('FILES.DownloadDialog.Preparing')
                : t('FILES.DownloadDialog.Received', { size: formatSize(progress.received, fmt.locale) })}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('COMMON.Cancel')}
          </Button>
          <Button onClick={() => void download()} disabled={chosen.length === 0} loading={progress !== null}>
            {t('FILES.DownloadDialog.Download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
