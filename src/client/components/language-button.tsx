import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The button that opens the language menu: shows the current language. */
export function LanguageButton(props: Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLanguage size={16} aria-hidden />}
      // The accessible name starts with the visible text, so voice control users can say what they see.
      aria-label={`${i18n.language.toUpperCase()} – ${t('SHELL.Language')}`}
      {...props}
    >
      {i18n.language.toUpperCase()}
    </Button>
  );
}
