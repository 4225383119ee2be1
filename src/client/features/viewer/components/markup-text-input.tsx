import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MARKUP_MAX_TEXT } from '../../../../shared/schemas/review';
import type { PagePoint } from './markup-geometry';

type Props = {
  at: PagePoint;
  value: string;
  onChange: (value: string) => void;
  onClose: () => void;
  onSubmit: () => void;
};

/** The field for a text markup, where the text tool clicked: Enter places a non-empty text, Escape drops it. */
export function MarkupTextInput({ at, value, onChange, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="xs"
      autoFocus
      aria-label={t('VIEWER.Markup.TextLabel')}
      placeholder={t('VIEWER.Markup.TextPlaceholder')}
      maxLength={MARKUP_MAX_TEXT}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          onClose();
        } else if (e.key === 'Enter' && value.trim()) {
          e.preventDefault();
          onSubmit();
        }
      }}
      data-testid="markup-text-input"
      style={{
        position: 'absolute',
        left: `${Math.min(at.x * 100, 70)}%`,
        top: `${at.y * 100}%`,
        width: 200,
        maxWidth: '30%',
        minWidth: 120,
      }}
    />
  );
}
