import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNumberText } from '../../../lib/use-number-text';
import { unitText, type Control, type FormValue } from '../../../../shared/questionnaire/definition';
import type { ControlError } from '../../../../shared/questionnaire/engine';
import { CustomField, isKnownComponent } from './custom-components';
import { ImagePopup } from './image-popup';
import { useLocalText } from './local-text';

type Props = {
  control: Control;
  value: FormValue | undefined;
  active: boolean;
  error: ControlError | null;
  readOnly: boolean;
  rootId: number;
  onChange: (value: FormValue) => void;
};

/** One control of a sheet in its type's Mantine input; invalid controls in the error style. */
export function ControlField({ control, value, active, error, readOnly, rootId, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' || i18n.language === 'nl' ? i18n.language : 'de';
  const text = useLocalText();
  const label = control.label ? text(control.label) : undefined;
  const disabled = !active;
  const locked = readOnly || !!control.readonly;
  const errorText = error ? t(`QUESTIONNAIRE.Errors.${error}`) : undefined;
  const description = control.note ? text(control.note) : undefined;
  const common = {
    label,
    description,
    error: errorText,
    disabled,
    readOnly: locked,
    required: !!control.validators?.required,
    placeholder: control.placeholder ? text(control.placeholder) : undefined,
    'data-testid': `control-${control.name}`,
  };
  const options = (control.options ?? []).map((o) => ({ value: o.value, label: text(o.label) }));
  // Number controls: the text while it is typed ("12," on the way to "12,5"), the number to the sheet.
  const number = useNumberText(typeof value === 'number' ? value : null, onChange);

  let field;
  switch (control.type) {
    case 'checkbox':
      field = (
        <Checkbox
          label={label}
          description={description}
          error={errorText}
          disabled={disabled || locked}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          data-testid={`control-${control.name}`}
        />
      );
      break;
    case 'number':
      field = (
        <NumberInput
          {...common}
          {...number}
          min={control.min}
          max={control.max}
          decimalSeparator={t('QUESTIONNAIRE.DecimalSeparator')}
          rightSection={control.unit ? <Text size="xs">{unitText(control.unit, lang)}</Text> : undefined}
          rightSectionWidth={control.unit ? 44 : undefined}
        />
      );
      break;
    case 'textarea':
      field = (
        <Textarea
          {...common}
          rows={control.rows ?? 4}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
      break;
    case 'dropdown':
      field = control.multi ? (
        <MultiSelect
          {...common}
          data={options}
          value={Array.isArray(value) ? value : []}
          onChange={(v) => onChange(v)}
        />
      ) : (
        <Select
          {...common}
          data={options}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(v) => onChange(v ?? '')}
          allowDeselect={!control.validators?.required}
        />
      );
      break;
    case 'radio':
      field = (
        <Radio.Group
          label={label}
          description={description}
          error={errorText}
          required={!!control.validators?.required}
          value={typeof value === 'string' ? value : ''}
          onChange={(v) => !locked && onChange(v)}
          data-testid={`control-${control.name}`}
        >
          <Group gap="lg" mt={6}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={disabled || locked} />
            ))}
          </Group>
        </Radio.Group>
      );
      break;
    case 'component': {
      if (!isKnownComponent(control.component)) return null;
      field = (
        <CustomField
          control={control}
          label={label}
          value={value}
          error={errorText}
          disabled={disabled || locked}
          rootId={rootId}
          onChange={onChange}
        />
      );
      break;
    }
    default:
      field = (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
  if (!control.popup) return field;
  return (
    <Stack gap={4}>
      {field}
      <ImagePopup src={control.popup} title={label ?? ''} />
    </Stack>
  );
}
