import { Badge, Box, NavLink, Select, Stack } from '@mantine/core';
import { IconCube, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProjectFile } from '../../../../shared/schemas/files';

/** The unit's reviewable files, the selected one with its older versions to choose from. */
export function ReviewFileList({
  files,
  selected,
  onSelect,
}: {
  files: ProjectFile[];
  selected: { fileId: number; version: number } | null;
  onSelect: (fileId: number, version: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {files.map((f) => {
        const active = selected?.fileId === f.projectFileID;
        const version = active ? selected.version : f.version;
        const conversion = f.versions.find((v) => v.version === version)?.conversion;
        return (
          <Box key={f.projectFileID}>
            <NavLink
              active={active}
              label={f.name}
              description={t('VIEWER.Version', { version })}
              leftSection={
                f.kind === 'ifc' ? <IconCube size={18} aria-hidden /> : <IconFileTypePdf size={18} aria-hidden />
              }
              rightSection={
                conversion && conversion.status !== 'ready' ? (
                  <Badge size="xs" color={conversion.status === 'failed' ? 'red' : 'gray'} variant="light">
                    {t(`FILES.Conversion.${conversion.status}`)}
                  </Badge>
                ) : null
              }
              onClick={() => onSelect(f.projectFileID, f.version)}
            />
            {active && f.versions.length > 1 && (
              <Select
                size="xs"
                ml="lg"
                aria-label={t('VIEWER.Version', { version })}
                value={String(version)}
                onChange={(v) => v && onSelect(f.projectFileID, Number(v))}
                data={f.versions.map((v) => ({
                  value: String(v.version),
                  label: `${t('VIEWER.Version', { version: v.version })}${v.version === f.version ? ` (${t('VIEWER.NewestVersion')})` : ''}`,
                }))}
              />
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
