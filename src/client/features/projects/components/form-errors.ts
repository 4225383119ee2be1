import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';

/** Translates the form's error codes (a key, or "problem|limit" for materials); limits in the user's locale. */
export function useErrorText() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return (error: unknown) => {
    if (typeof error !== 'string' || !error) return undefined;
    const [code, limit = ''] = error.split('|');
    switch (code) {
      case 'required':
        return t('VALIDATION.IsRequired');
      case 'min':
        return t('VALIDATION.MinValue', { min: fmt.number(Number(limit)) });
      case 'maxValueReached':
        return t('VALIDATION.MaxValueReached', { max: fmt.number(Number(limit)) });
      case 'tooEarly':
        return t('VALIDATION.MinDate', { date: fmt.date(limit) });
      case 'invalidDate':
        return t('VALIDATION.InvalidDate');
      case 'duplicate':
        return t('PROJECT.Materials.DuplicateType');
      case 'unknownType':
        return t('VALIDATION.UnknownMaterialType');
      default:
        return t(code ?? '');
    }
  };
}
