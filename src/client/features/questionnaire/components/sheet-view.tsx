import { Alert, Grid, Stack, Text, Title } from '@mantine/core';
import type { FormValue, Section, Sheet, SheetValues } from '../../../../shared/questionnaire/definition';
import type { SheetState } from '../../../../shared/questionnaire/engine';
import { ControlField } from './control-field';
import { ImagePopup } from './image-popup';
import { useLocalText } from './local-text';

type Props = {
  sheet: Sheet;
  values: SheetValues;
  state: SheetState | undefined;
  readOnly: boolean;
  rootId: number;
  onChange: (control: string, value: FormValue) => void;
};

/** The sections of one sheet with their controls on a 12-column grid. */
export function SheetView(props: Props) {
  return (
    <Stack gap="xl">
      {props.sheet.sections.map((s) => (
        <SectionView key={s.name} section={s} level={0} {...props} />
      ))}
    </Stack>
  );
}

function SectionView({ section, level, ...props }: Props & { section: Section; level: number }) {
  const text = useLocalText();
  const children = (section.children ?? []).map((c) => (
    <SectionView key={c.name} section={c} level={level + 1} {...props} />
  ));
  return (
    <Stack gap="sm" component="section" data-testid={`section-${section.name}`}>
      <Title order={level === 0 ? 2 : 3} size={level === 0 ? 'h4' : 'h5'}>
        {text(section.label)}
      </Title>
      {section.description && (
        <Text size="sm" c="dimmed">
          {text(section.description)}
        </Text>
      )}
      {section.popup && <ImagePopup src={section.popup} title={text(section.label)} />}
      {section.childrenTop && children}
      {section.controls.length > 0 && (
        <Grid gap="md">
          {section.controls.map((c) => {
            const st = props.state?.controls[c.name];
            return (
              <Grid.Col key={c.name} span={{ base: 12, sm: c.fullWidth ? 12 : (c.width ?? 6) }}>
                <ControlField
                  control={c}
                  value={props.values[c.name]}
                  active={st?.active ?? true}
                  error={st?.error ?? null}
                  readOnly={props.readOnly}
                  rootId={props.rootId}
                  onChange={(v) => props.onChange(c.name, v)}
                />
              </Grid.Col>
            );
          })}
        </Grid>
      )}
      {section.note && (
        <Alert color="blue" variant="light" p="xs">
          <Text size="sm">{text(section.note)}</Text>
        </Alert>
      )}
      {!section.childrenTop && children}
    </Stack>
  );
}
