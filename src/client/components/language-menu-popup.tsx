import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../shared/schemas/common';
import { changeLanguage, languages } from '../lib/i18n';
import { LanguageButton } from './language-button';

/** The language menu itself (loaded lazily by `LanguageMenu`). */
export function LanguageMenuPopup({ onChange }: { onChange?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <LanguageButton />
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
