import { useTranslation } from 'react-i18next';
import type { LocalText } from '../../../../shared/questionnaire/definition';

/** The text of a sheet definition in the user's language (German when missing). */
export function useLocalText(): (text: LocalText | undefined) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' || i18n.language === 'nl' ? i18n.language : 'de';
  return (text) => (text ? text[lang] || text.de : '');
}
