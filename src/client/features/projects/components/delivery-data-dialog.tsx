import { Alert, Badge, Center, Group, Loader, Modal, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasLaterDates, shiftDeliveryDates, type ShiftChoice } from '../../../../shared/rules/delivery-dates';
import { isIsoDay, MAX_VOLUME } from '../../../../shared/rules/project-units';
import type { DeliveryData } from '../../../../shared/schemas/delivery';
import { FormDialog } from '../../../components/form-dialog';
import { useFormatters } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useDeliveryData, useSaveDeliveryData } from '../api/delivery-data';
import { DeliveryDateChangeDialog, type DateChange } from './delivery-date-change-dialog';
import { changedLots, checkRows, rowsOf, type DeliveryRow } from './delivery-rows';
import { useErrorText } from './form-errors';
import { DateInput } from '../../../components/date-input';

/** "Show delivery dates": volumes and delivery dates of every approval lot of the project (spec §2). */
export function DeliveryDataDialog({ rootId, onClose }: { rootId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useDeliveryData(rootId);
  if (!query.data)
    return (
      <Modal opened onClose={onClose} title={t('DELIVERY.Data.Title')} size="xl" centered>
        <Center h={160}>{query.isError ? <Text c="red">{t('DELIVERY.Data.LoadFailed')}</Text> : <Loader />}</Center>
      </Modal>
    );
  return <DeliveryDataForm rootId={rootId} data={query.data} onClose={onClose} />;
}

function DeliveryDataForm({ rootId, data, onClose }: { rootId: number; data: DeliveryData; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const errorText = useErrorText();
  const save = useSaveDeliveryData(rootId);
  const initial = useMemo(() => rowsOf(data), [data]);
  const [rows, setRows] = useState(initial);
  /** Date fields being typed in; a date counts once the field is left (or Enter is pressed). */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [question, setQuestion] = useState<DateChange | null>(null);
  const [clamped, setClamped] = useState<string[]>([]);

  const { errors, totals } = checkRows(rows, initial);
  const body = changedLots(rows, initial);
  const overLimit = [...totals.values()].some((s) => s.limitReached);
  const valid = data.canEdit && Object.keys(errors).length === 0 && !overLimit && question === null;
  const labelOf = (row: DeliveryRow) =>
    `${row.lotTitle}, ${t(`PROJECT.Materials.Types.${row.type}`, { defaultValue: row.type })}`;

  const setRow = (key: string, patch: Partial<DeliveryRow>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const dropDraft = (key: string) => setDrafts(({ [key]: _dropped, ...rest }) => rest);

  const apply = (change: DateChange, choice: ShiftChoice) => {
    const entries = rows.map((r) => ({ ...r, date: r.date }));
    const result = shiftDeliveryDates(entries, change.key, change.to, choice, data.earliestDeliveryDate);
    setRows(result.entries);
    setClamped(choice === 'yes' ? result.clamped : []);
    dropDraft(change.key);
  };

  const commitDate = (row: DeliveryRow) => {
    const value = drafts[row.key];
    if (value === undefined) return;
    if (!isIsoDay(value) || value === row.date) return dropDraft(row.key);
    const change = { key: row.key, label: labelOf(row), from: row.date ?? value, to: value };
    if (row.date === null || !hasLaterDates(rows, row.key)) return apply(change, 'no');
    setQuestion(change);
  };

  const answer = (choice: ShiftChoice) => {
    if (question) apply(question, choice);
    setQuestion(null);
  };

  const submit = async () => {
    if (body.length === 0) return onClose();
    await save.mutateAsync({ approvalLots: body });
    notifySuccess(t('DELIVERY.Data.Saved'));
    onClose();
  };

  return (
    <>
      <FormDialog
        opened
        title={t('DELIVERY.Data.Title')}
        onClose={onClose}
        onSubmit={() => void submit().catch(() => undefined)}
        submitting={save.isPending}
        valid={valid}
        error={save.error}
        size="xl"
        formTestId="delivery-data-form"
      >
        {data.subProjects.length === 0 && <Text c="dimmed">{t('DELIVERY.Data.Empty')}</Text>}
        {clamped.length > 0 && (
          <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} data-testid="clamped-dates">
            {t('DELIVERY.Data.Clamped', {
              count: clamped.length,
              list: rows
                .filter((r) => clamped.includes(r.key))
                .map(labelOf)
                .join('; '),
            })}
          </Alert>
        )}
        {data.subProjects.map((sub) => {
          const sum = totals.get(sub.subProjectID) ?? { total: 0, limitReached: false };
          return (
            <Stack key={sub.subProjectID} gap="xs" data-testid={`delivery-sub-${sub.subProjectID}`}>
              <Group justify="space-between">
                <Title order={4}>{sub.subProjectTitle}</Title>
                <Badge variant="light" tt="none" color={sum.limitReached ? 'red' : 'gray'}>
                  {t('DELIVERY.Data.Total', { total: fmt.number(sum.total), max: fmt.number(MAX_VOLUME) })}
                </Badge>
              </Group>
              {sum.limitReached && (
                <Alert
                  color="red"
                  icon={<IconAlertTriangle aria-hidden />}
                  role="alert"
                  title={t('PROJECT.Materials.LimitReachedTitle')}
                >
                  {t('PROJECT.Materials.LimitReached', { max: MAX_VOLUME, total: fmt.number(sum.total) })}
                </Alert>
              )}
              <Table verticalSpacing={4} withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('UNIT.Type.approvallot')}</Table.Th>
                    <Table.Th>{t('PROJECT.Materials.Type')}</Table.Th>
                    <Table.Th w={170}>{t('PROJECT.Materials.Volume')}</Table.Th>
                    <Table.Th w={200}>
                      <Group gap={4} wrap="nowrap">
                        {t('PROJECT.Materials.DeliveryDate')}
                        <Tooltip
                          multiline
                          w={260}
                          label={t('DELIVERY.Data.MinimumInfo', {
                            days: data.preliminaryDays,
                            date: fmt.date(data.earliestDeliveryDate),
                          })}
                        >
                          <IconInfoCircle size={16} aria-label={t('DELIVERY.Data.MinimumLabel')} tabIndex={0} />
                        </Tooltip>
                      </Group>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows
                    .filter((r) => r.subId === sub.subProjectID)
                    .map((row) => (
                      <Table.Tr key={row.key} data-testid={`delivery-row-${row.key}`}>
                        <Table.Td>{row.lotTitle}</Table.Td>
                        <Table.Td>{t(`PROJECT.Materials.Types.${row.type}`, { defaultValue: row.type })}</Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={`${t('PROJECT.Materials.Volume')} ${labelOf(row)}`}
                            value={row.volume}
                            onChange={(v) => setRow(row.key, { volume: v })}
                            min={0}
                            decimalScale={2}
                            clampBehavior="none"
                            suffix=" m³"
                            disabled={!data.canEdit}
                            error={errorText(errors[row.key]?.volume)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <DateInput
                            aria-label={`${t('PROJECT.Materials.DeliveryDate')} ${labelOf(row)}`}
                            min={row.minimum}
                            value={drafts[row.key] ?? row.date ?? ''}
                            onChange={(value) => setDrafts((d) => ({ ...d, [row.key]: value }))}
                            onBlur={() => commitDate(row)}
                            onKeyDown={(e) => {
                              if (e.key !== 'Enter') return;
                              e.preventDefault();
                              commitDate(row);
                            }}
                            disabled={!data.canEdit}
                            error={errorText(errors[row.key]?.date)}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </Stack>
          );
        })}
      </FormDialog>
      <DeliveryDateChangeDialog change={question} onAnswer={answer} />
    </>
  );
}
