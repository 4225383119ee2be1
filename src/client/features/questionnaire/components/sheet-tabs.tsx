import { Tabs } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FormData, FormValue } from '../../../../shared/questionnaire/definition';
import type { evaluate } from '../../../../shared/questionnaire/engine';
import type { Questionnaire } from '../../../../shared/schemas/questionnaire';
import { useLocalText } from './local-text';
import { SheetView } from './sheet-view';

type Sheet = Questionnaire['sheets'][number];

/** One tab per shown sheet, marked when incomplete, each showing its sheet. */
export function SheetTabs({
  sheets,
  current,
  onSelect,
  data,
  evaluation,
  readOnly,
  rootId,
  onChange,
}: {
  sheets: Sheet[];
  current: string;
  onSelect: (sheet: string) => void;
  data: FormData;
  evaluation: ReturnType<typeof evaluate>;
  readOnly: boolean;
  rootId: number;
  onChange: (sheet: string, control: string, value: FormValue) => void;
}) {
  const { t } = useTranslation();
  const text = useLocalText();
  return (
    <Tabs value={current} onChange={(v) => v && onSelect(v)} keepMounted={false}>
      <Tabs.List mb="lg">
        {sheets.map((s) => (
          <Tabs.Tab
            key={s.name}
            value={s.name}
            data-testid={`sheet-tab-${s.name}`}
            rightSection={
              evaluation.sheets[s.name]?.valid === false ? (
                <IconAlertTriangle
                  size={16}
                  color="var(--mantine-color-orange-7)"
                  aria-label={t('QUESTIONNAIRE.SheetIncomplete')}
                />
              ) : undefined
            }
          >
            {text(s.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {sheets.map((s) => (
        <Tabs.Panel key={s.name} value={s.name}>
          <SheetView
            sheet={s}
            values={data[s.name] ?? {}}
            state={evaluation.sheets[s.name]}
            readOnly={readOnly}
            rootId={rootId}
            onChange={(control, value) => onChange(s.name, control, value)}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
