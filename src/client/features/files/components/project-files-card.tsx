import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconChevronDown, IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectFile } from '../../../../shared/schemas/files';
import type { ProjectFilesSlotProps } from '../../../components/project-files-slot';
import { confirmAction } from '../../../components/confirm';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteFile } from '../api/delete-file';
import { useUnitFiles } from '../api/get-unit-files';
import { fileContentUrl } from '../api/keys';
import { ConversionBadge } from './conversion-badge';
import { FileIcon } from './file-icon';
import { formatSize } from './format-size';
import { UploadQueue, useUploadQueue } from './upload-queue';

/** Project files card (spec §2): the unit's files newest first, versions, upload, download, delete. */
export function ProjectFilesCard({ rootUnitId, unitId, forReview }: ProjectFilesSlotProps) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const files = useUnitFiles(rootUnitId, unitId);
  const remove = useDeleteFile(rootUnitId, unitId);
  const openRef = useRef<() => void>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const queue = useUploadQueue(unitId, {
    allowedExtensions: files.data?.allowedExtensions ?? [],
    maxFileSizeBytes: files.data?.maxFileSizeBytes ?? 0,
  });

  const handleDelete = async (file: ProjectFile) => {
    const ok = await confirmAction({
      title: t('FILES.Delete.ConfirmTitle'),
      message: t('FILES.Delete.ConfirmMessage', { name: file.name, count: file.versions.length }),
      confirmLabel: t('COMMON.Delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(file.projectFileID);
      notifySuccess(t('FILES.Delete.Done', { name: file.name }));
    } catch (err) {
      notifyError(err);
    }
  };

  const title = forReview ? t('FILES.ReviewTitle') : t('FILES.Title');
  const data = files.data;
  return (
    <Card withBorder radius="md" padding="md" data-testid="project-files-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3} size="h4">
              {title}
            </Title>
            {data && <Badge variant="light">{data.data.length}</Badge>}
          </Group>
          {data?.canUpload && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => openRef.current?.()}
            >
              {t('FILES.Upload.Choose')}
            </Button>
          )}
        </Group>
        {forReview && (
          <Text size="sm" c="dimmed">
            {t('FILES.ReviewHint')}
          </Text>
        )}
        {files.isPending && (
          <Group gap="xs" role="status" mih={56}>
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('FILES.Loading')}
            </Text>
          </Group>
        )}
        {files.error && (
          <Alert color="red" role="alert">
            {apiErrorText(files.error)}
          </Alert>
        )}
        {data?.canUpload && (
          <Dropzone
            openRef={openRef}
            onDrop={queue.add}
            multiple
            radius="md"
            p="md"
            aria-label={t('FILES.Upload.DropLabel')}
            data-testid="file-dropzone"
          >
            <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }}>
              <IconUpload size={28} stroke={1.5} aria-hidden />
              <div>
                <Text size="sm">{t('FILES.Upload.DropHere')}</Text>
                <Text size="xs" c="dimmed">
                  {t('FILES.Upload.Allowed', {
                    types: data.allowedExtensions.join(', '),
                    size: formatSize(data.maxFileSizeBytes, fmt.locale),
                  })}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
        <UploadQueue {...queue} />
        {data && data.data.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="files-empty">
            {t('FILES.Empty')}
          </Text>
        )}
        {data && data.data.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" highlightOnHover highlightOnHoverColor="gray.0" data-testid="files-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('FILES.Column.Name')}</Table.Th>
                  <Table.Th ta="right">{t('FILES.Column.Size')}</Table.Th>
                  <Table.Th>{t('FILES.Column.Version')}</Table.Th>
                  <Table.Th aria-label={t('FILES.Column.Actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((f) => (
                  <Fragment key={f.projectFileID}>
                    <Table.Tr data-testid="file-row">
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" align="flex-start">
                          <FileIcon kind={f.kind} />
                          <Stack gap={0} miw={0}>
                            <Anchor
                              href={fileContentUrl(rootUnitId, unitId, f.projectFileID, undefined, true)}
                              target="_blank"
                              rel="noopener"
                              size="sm"
                              style={{ overflowWrap: 'anywhere' }}
                            >
                              {f.name}
                            </Anchor>
                            {f.versions[0]?.conversion && <ConversionBadge conversion={f.versions[0].conversion} />}
                            <Text size="xs" c="dimmed" data-testid="file-uploaded">
                              {t('FILES.UploadedByOn', {
                                name: f.uploadedByName ?? t('PROFILE.DeletedUser'),
                                date: fmt.dateTime(f.createdOn),
                              })}
                            </Text>
                          </Stack>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatSize(f.size, fmt.locale)}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {f.versions.length > 1 ? (
                          <Button
                            variant="subtle"
                            size="compact-xs"
                            rightSection={<IconChevronDown size={14} aria-hidden />}
                            aria-expanded={expanded === f.projectFileID}
                            onClick={() => setExpanded(expanded === f.projectFileID ? null : f.projectFileID)}
                          >
                            v{f.version}
                          </Button>
                        ) : (
                          <Text size="sm">v{f.version}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Tooltip label={t('FILES.Download')}>
                            <ActionIcon
                              component="a"
                              href={fileContentUrl(rootUnitId, unitId, f.projectFileID)}
                              variant="subtle"
                              aria-label={`${t('FILES.Download')}: ${f.name}`}
                            >
                              <IconDownload size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          {f.canDelete && (
                            <Tooltip label={t('COMMON.Delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`${t('COMMON.Delete')}: ${f.name}`}
                                onClick={() => void handleDelete(f)}
                              >
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {f.versions.length > 1 && (
                      <Table.Tr style={{ display: expanded === f.projectFileID ? undefined : 'none' }}>
                        <Table.Td colSpan={4} py={0}>
                          <Stack gap={2} py="xs" pl="xl">
                            {f.versions.slice(1).map((v) => (
                              <Group key={v.projectFileVersionID} gap="md">
                                <Anchor size="sm" href={fileContentUrl(rootUnitId, unitId, f.projectFileID, v.version)}>
                                  {t('FILES.VersionLabel', { version: v.version })}
                                </Anchor>
                                <Text size="xs" c="dimmed">
                                  {formatSize(v.size, fmt.locale)} · {v.uploadedByName ?? t('PROFILE.DeletedUser')} ·{' '}
                                  {fmt.dateTime(v.createdOn)}
                                </Text>
                              </Group>
                            ))}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
