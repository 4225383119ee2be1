import { useTranslation } from 'react-i18next';

/** Translates the form's error codes (a key, or "problem|limit" for materials). */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (typeof error !== 'string' || !error) return undefined;
    const [code, limit] = error.split('|');
    switch (code) {
      case 'required':
        return t('VALIDATION.IsRequired');
      case 'min':
        return t('VALIDATION.MinValue', { min: limit });
      case 'maxValueReached':
        return t('VALIDATION.MaxValueReached', { max: limit });
      case 'tooEarly':
        return t('VALIDATION.MinDate', { date: limit });
      case 'duplicate':
        return t('PROJECT.Materials.DuplicateType');
      default:
        return t(code);
    }
  };
}
