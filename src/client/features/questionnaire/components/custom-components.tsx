import { Alert, Box, Checkbox, Chip, Group, Input, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { blockCell, blockTypeByKey } from '../../../../shared/questionnaire/block-types';
import { isCustomComponent, type Control, type FormValue } from '../../../../shared/questionnaire/definition';
import { useDeliverySchedule } from '../api/questionnaire';
import { useLocalText } from './local-text';

export type CustomProps = {
  control: Control;
  label: string | undefined;
  value: FormValue | undefined;
  error: string | undefined;
  disabled: boolean;
  rootId: number;
  onChange: (value: FormValue) => void;
};

/** True while the material chips pulse (5 s after leaving was refused). */
export const ChipPulseContext = createContext(false);

const pulseCss = `@keyframes planport-chip-pulse { 0%, 100% { box-shadow: 0 0 0 0 rgba(230, 119, 0, 0.0); } 50% { box-shadow: 0 0 0 6px rgba(230, 119, 0, 0.45); } }
[data-pulse="true"] .mantine-Chip-label { animation: planport-chip-pulse 1s ease-in-out 5; }`;

const asList = (value: FormValue | undefined): string[] => (Array.isArray(value) ? value : []);

/** The material-choice tenant's chips: each chosen material activates its sheet. */
function MaterialChips({ control, label, value, error, disabled, onChange }: CustomProps) {
  const text = useLocalText();
  const pulse = useContext(ChipPulseContext);
  return (
    <Input.Wrapper label={label} error={error} required={!!control.validators?.required}>
      <style>{pulseCss}</style>
      <Box mt={6} data-testid="material-chips" data-pulse={pulse ? 'true' : 'false'}>
        <Chip.Group multiple value={asList(value)} onChange={(v) => onChange(v)}>
          <Group gap="sm">
            {(control.options ?? []).map((o) => (
              <Chip key={o.value} value={o.value} disabled={disabled} color="teal" variant="outline">
                {text(o.label)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Box>
    </Input.Wrapper>
  );
}

/** The supplier's block-type table: per block type the strength classes CS12 / CS20, by weight group. */
function BlockTypes({ control, label, value, error, disabled, onChange }: CustomProps) {
  const { t } = useTranslation();
  const text = useLocalText();
  const selected = new Set(asList(value));
  const toggle = (cell: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(cell);
    else next.delete(cell);
    onChange([...next].sort());
  };
  const rows = (control.options ?? []).flatMap((o) => {
    const b = blockTypeByKey.get(o.value);
    return b ? [b] : [];
  });
  const groups = (['upTo14', 'from15'] as const).map((g) => ({ g, rows: rows.filter((r) => r.weightGroup === g) }));
  return (
    <Input.Wrapper label={label} error={error} required={!!control.validators?.required}>
      <Table withTableBorder striped mt={6} data-testid="block-types">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('QUESTIONNAIRE.Blocks.Block')}</Table.Th>
            <Table.Th ta="right">{t('QUESTIONNAIRE.Blocks.Weight')}</Table.Th>
            <Table.Th ta="center">CS12</Table.Th>
            <Table.Th ta="center">CS20</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map(({ g, rows: list }) =>
            list.length === 0
              ? null
              : [
                  <Table.Tr key={g}>
                    <Table.Td colSpan={4} bg="gray.1">
                      <Text fw={600} size="sm">
                        {t(`QUESTIONNAIRE.Blocks.${g}`)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>,
                  ...list.map((b) => (
                    <Table.Tr key={b.block}>
                      <Table.Td>{text(b.label)}</Table.Td>
                      <Table.Td ta="right">{b.weight} kg</Table.Td>
                      {(['cs12', 'cs20'] as const).map((s) => (
                        <Table.Td key={s} ta="center">
                          {b[s] ? (
                            <Checkbox
                              aria-label={`${text(b.label)} ${s.toUpperCase()}`}
                              checked={selected.has(blockCell(b.block, s))}
                              disabled={disabled}
                              onChange={(e) => toggle(blockCell(b.block, s), e.currentTarget.checked)}
                              style={{ display: 'inline-block' }}
                            />
                          ) : (
                            <Text size="sm" c="dimmed" aria-label={t('QUESTIONNAIRE.Blocks.NotAvailable')}>
                              –
                            </Text>
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  )),
                ],
          )}
        </Table.Tbody>
      </Table>
    </Input.Wrapper>
  );
}

/** The supplier's delivery schedule: the approval lots with their delivery week (max. 500 px high). */
function DeliverySchedule({ rootId }: CustomProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useDeliverySchedule(rootId);
  if (isLoading) return null;
  if (!data || data.length === 0)
    return (
      <Alert color="gray" data-testid="delivery-schedule">
        {t('QUESTIONNAIRE.Schedule.Empty')}
      </Alert>
    );
  return (
    <ScrollArea.Autosize mah={500} type="auto" data-testid="delivery-schedule">
      <Stack gap="xs">
        {data.map((e) => (
          <Box
            key={e.projectUnitID}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
          >
            <Group justify="space-between" align="flex-start">
              <div>
                <Text fw={600}>{e.title}</Text>
                <Text size="sm" c="dimmed">
                  {e.subTitle} · {t('QUESTIONNAIRE.Schedule.CustRef')} {e.custRef}
                </Text>
              </div>
              <Text fw={600} size="sm">
                {e.deliveryWeek
                  ? t('QUESTIONNAIRE.Schedule.Week', { week: e.deliveryWeek })
                  : t('QUESTIONNAIRE.Schedule.NoWeek')}
              </Text>
            </Group>
            {e.features.length > 0 && <Text size="sm">{e.features.join(' · ')}</Text>}
            {e.note && (
              <Text size="sm" c="dimmed">
                {e.note}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

const reported = new Set<string>();

/** Whether the control names a known custom component; an unknown name is logged once (spec §8). */
export function isKnownComponent(name: string | undefined): boolean {
  if (isCustomComponent(name)) return true;
  const key = name ?? '(none)';
  if (!reported.has(key)) {
    reported.add(key);
    console.warn(`questionnaire: unknown custom component ${key}, skipped`);
  }
  return false;
}

/** The custom component the control names; an unknown one is skipped. */
export function CustomField(props: CustomProps) {
  switch (props.control.component) {
    case 'material-chips':
      return <MaterialChips {...props} />;
    case 'block-types':
      return <BlockTypes {...props} />;
    case 'delivery-schedule':
      return <DeliverySchedule {...props} />;
    default:
      return null;
  }
}
