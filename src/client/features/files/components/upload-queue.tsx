import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconCheck, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Upload } from 'tus-js-client';
import { extensionOf } from '../../../../shared/rules/files';
import { useFormatters } from '../../../lib/format';
import { queryPrefixes } from '../../../lib/query-keys';
import { createFileUpload, startOrResume } from '../api/upload-file';
import { formatSize } from './format-size';

type Status = 'uploading' | 'paused' | 'done' | 'error';
export type QueuedUpload = { id: string; name: string; size: number; sent: number; status: Status; error?: string };

/**
 * Uploads running at once; the others wait their turn. The server keeps a few uploads in progress
 * per user (and refuses more), so a large drop of files goes through in turns instead.
 */
const AT_ONCE = 3;

/** Several uploads, each with progress, pause/resume and cancel; at most AT_ONCE transfer at a time. */
export function useUploadQueue(unitId: number, policy: { allowedExtensions: string[]; maxFileSizeBytes: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<QueuedUpload[]>([]);
  const uploads = useRef(new Map<string, Upload>());
  const waiting = useRef<string[]>([]);
  const running = useRef(new Set<string>());
  const next = useCallback(() => {
    while (running.current.size < AT_ONCE && waiting.current.length > 0) {
      const id = waiting.current.shift()!;
      const upload = uploads.current.get(id);
      if (!upload) continue;
      running.current.add(id);
      void startOrResume(upload);
    }
  }, []);
  const ended = useCallback(
    (id: string) => {
      running.current.delete(id);
      next();
    },
    [next],
  );
  const patch = useCallback(
    (id: string, change: Partial<QueuedUpload>) =>
      setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i))),
    [],
  );

  const add = (files: File[]) => {
    for (const file of files) {
      const id = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const base: QueuedUpload = { id, name: file.name, size: file.size, sent: 0, status: 'uploading' };
      const refusal = !policy.allowedExtensions.includes(extensionOf(file.name))
        ? t('FILES.Errors.TypeNotAllowed')
        : file.size > policy.maxFileSizeBytes
          ? t('FILES.Errors.TooLarge')
          : file.size === 0
            ? t('FILES.Errors.Empty')
            : null;
      if (refusal) {
        setItems((list) => [...list, { ...base, status: 'error', error: refusal }]);
        continue;
      }
      const upload = createFileUpload(unitId, file, {
        onProgress: (sent) => patch(id, { sent }),
        onSuccess: () => {
          patch(id, { status: 'done', sent: file.size });
          uploads.current.delete(id);
          ended(id);
          void queryClient.invalidateQueries({ queryKey: queryPrefixes.files });
          void queryClient.invalidateQueries({ queryKey: queryPrefixes.projects });
          setTimeout(() => setItems((list) => list.filter((i) => i.id !== id)), 4000);
        },
        onError: (message) => {
          patch(id, { status: 'error', error: message });
          ended(id);
        },
      });
      uploads.current.set(id, upload);
      setItems((list) => [...list, base]);
      waiting.current.push(id);
    }
    next();
  };

  const pause = (id: string) => {
    void uploads.current.get(id)?.abort();
    waiting.current = waiting.current.filter((w) => w !== id);
    patch(id, { status: 'paused' });
    ended(id);
  };
  // Resuming is the user's own choice: it starts at once.
  const resume = (id: string) => {
    running.current.add(id);
    uploads.current.get(id)?.start();
    patch(id, { status: 'uploading', error: undefined });
  };
  const cancel = (id: string) => {
    void uploads.current.get(id)?.abort(true);
    uploads.current.delete(id);
    waiting.current = waiting.current.filter((w) => w !== id);
    ended(id);
    setItems((list) => list.filter((i) => i.id !== id));
  };
  return { items, add, pause, resume, cancel };
}

type Props = ReturnType<typeof useUploadQueue>;

export function UploadQueue({ items, pause, resume, cancel }: Props) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const locale = fmt.locale;
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" aria-live="polite" data-testid="upload-queue">
      {items.map((item) => {
        const percent = item.size ? Math.round((item.sent / item.size) * 100) : 0;
        return (
          <Stack key={item.id} gap={4} data-testid="upload-item" data-status={item.status}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate="end" style={{ flex: 1 }}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed" data-testid="upload-progress-text">
                {item.status === 'done'
                  ? t('FILES.Upload.Done')
                  : item.status === 'uploading' && item.sent === 0
                    ? t('FILES.Upload.Waiting')
                    : item.status === 'error' && item.sent === 0
                      ? formatSize(item.size, locale)
                      : `${item.status === 'paused' ? `${t('FILES.Upload.Paused')} · ` : ''}${formatSize(item.sent, locale)} / ${formatSize(item.size, locale)} (${fmt.number(percent)} %)`}
              </Text>
              {item.status === 'uploading' && (
                <Tooltip label={t('FILES.Upload.Pause')}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('FILES.Upload.Pause')}
                    onClick={() => pause(item.id)}
                  >
                    <IconPlayerPause size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
              {(item.status === 'paused' || (item.status === 'error' && item.sent > 0)) && (
                <Tooltip label={t('FILES.Upload.Resume')}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('FILES.Upload.Resume')}
                    onClick={() => resume(item.id)}
                  >
                    <IconPlayerPlay size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
              {item.status === 'done' ? (
                <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
              ) : (
                <Tooltip label={t('FILES.Upload.Cancel')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={t('FILES.Upload.Cancel')}
                    onClick={() => cancel(item.id)}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            {/* A file refused before its first byte has no progress to show. */}
            {!(item.status === 'error' && item.sent === 0) && (
              <Progress
                value={item.status === 'error' ? 100 : percent}
                color={item.status === 'error' ? 'red' : item.status === 'done' ? 'teal' : undefined}
                animated={item.status === 'uploading'}
                size="sm"
                aria-label={t('FILES.Upload.ProgressOf', { name: item.name })}
              />
            )}
            {item.error && (
              <Text size="xs" c="red" role="alert">
                {item.error}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
