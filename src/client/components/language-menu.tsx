import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../shared/schemas/common';
import { changeLanguage, languages } from '../lib/i18n';

/** Switches the interface language at once; the profile stores it for the account. */
export function LanguageMenu({ onChange }: { onChange?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" leftSection={<IconLanguage size={16} />} aria-label={t('SHELL.Language')}>
          {i18n.language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((lang) => (
          <Menu.Item
            key={lang}
            onClick={() => {
              void changeLanguage(lang);
              onChange?.(lang);
            }}
            aria-current={lang === i18n.language ? 'true' : undefined}
            fw={lang === i18n.language ? 700 : undefined}
          >
            {t(`LANGUAGES.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
