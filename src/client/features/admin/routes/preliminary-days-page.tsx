import { Alert, Button, Card, Group, NumberInput, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { preliminaryDaysLimits, preliminaryDaysValueSchema } from '../../../../shared/schemas/admin';
import { usePreliminaryDaysRows, type PreliminaryDaysRow } from '../api/get-preliminary-days';
import { updatePreliminaryDays } from '../api/update-preliminary-days';

type Edit = { value: number | string; error?: string };

/** The server's rule (a whole number from 1 to 365) on a typed value: its message key, or undefined. */
function preliminaryDaysError(value: number | string): string | undefined {
  const parsed = preliminaryDaysValueSchema.safeParse(value === '' ? Number.NaN : Number(value));
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** home/app/admin/preliminary-days (spec §2): one row per plant × product type; Save sends one call per dirty row. */
export function PreliminaryDaysPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const rows = usePreliminaryDaysRows();
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  const [saving, setSaving] = useState(false);

  const errorText = (e: unknown) => {
    if (!(e instanceof ApiError)) return t('ERRORMESSAGES.Unexpected');
    if (e.status === 403) return t('ERRORMESSAGES.NotAllowed');
    const m = e.body.messages[0]?.message ?? '';
    return i18n.exists(m) ? t(m, preliminaryDaysLimits) : m || t('ERRORMESSAGES.Unexpected');
  };

  const isDirty = (row: PreliminaryDaysRow) => edits[row.productPlantPreliminaryDaysID] !== undefined;
  const dirtyRows = (rows.data ?? []).filter(isDirty);
  const invalid = (row: PreliminaryDaysRow) =>
    !!preliminaryDaysError(edits[row.productPlantPreliminaryDaysID]?.value ?? '');
  const anyInvalid = dirtyRows.some(invalid);

  const change = (row: PreliminaryDaysRow, value: number | string) =>
    setEdits((prev) => {
      const next = { ...prev };
      if (value === row.preliminaryDays) delete next[row.productPlantPreliminaryDaysID];
      else next[row.productPlantPreliminaryDaysID] = { value };
      return next;
    });

  const save = async () => {
    if (saving || dirtyRows.length === 0 || anyInvalid) return;
    setSaving(true);
    const results = await Promise.allSettled(
      dirtyRows.map((row) =>
        updatePreliminaryDays(
          row.productPlantPreliminaryDaysID,
          Number(edits[row.productPlantPreliminaryDaysID]?.value || NaN),
        ),
      ),
    );
    const next: Record<number, Edit> = {};
    dirtyRows.forEach((row, i) => {
      const id = row.productPlantPreliminaryDaysID;
      if (results[i]?.status === 'rejected')
        next[id] = { value: edits[id]?.value ?? '', error: errorText(results[i].reason) };
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.admin.preliminaryDays() });
    setEdits(next);
    setSaving(false);
    if (Object.keys(next).length === 0) notifySuccess(t('ADMIN.PreliminaryDays.Saved'));
  };

  if (rows.isPending) return <PageLoader />;
  if (rows.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(rows.error)}
      </Alert>
    );

  return (
    <Card withBorder radius="md" maw={900}>
      <Group justify="space-between" mb="md" mih={36}>
        <Title order={1} size="h3">
          {t('ADMIN.PreliminaryDays.PageTitle')}
        </Title>
        {dirtyRows.length > 0 && (
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => void save()}
            loading={saving}
            disabled={anyInvalid}
          >
            {t('COMMON.Save')}
          </Button>
        )}
      </Group>
      {rows.data.length === 0 ? (
        <Text c="dimmed">{t('COMMON.NoData')}</Text>
      ) : (
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ADMIN.PreliminaryDays.Plant')}</Table.Th>
              <Table.Th scope="col">{t('ADMIN.PreliminaryDays.Product')}</Table.Th>
              <Table.Th scope="col">{t('ADMIN.PreliminaryDays.Days')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.map((row) => {
              const edit = edits[row.productPlantPreliminaryDaysID];
              const invalidKey = edit ? preliminaryDaysError(edit.value) : undefined;
              return (
                <Table.Tr
                  key={row.productPlantPreliminaryDaysID}
                  bg={edit ? 'yellow.0' : undefined}
                  data-dirty={edit ? 'true' : undefined}
                >
                  <Table.Td>{row.plantName}</Table.Td>
                  <Table.Td>{row.productTypeTitle}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${t('ADMIN.PreliminaryDays.Days')}: ${row.plantName}, ${row.productTypeTitle}`}
                      value={edit ? edit.value : row.preliminaryDays}
                      onChange={(v) => change(row, v)}
                      min={preliminaryDaysLimits.min}
                      max={preliminaryDaysLimits.max}
                      step={1}
                      clampBehavior="none"
                      w={160}
                      error={invalidKey ? t(invalidKey, preliminaryDaysLimits) : edit?.error}
                      disabled={saving}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
