import { ActionIcon } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The visible way to a date field's calendar, by mouse and keyboard ("Kalender öffnen"). */
export function OpenCalendarButton({ disabled, onClick }: { disabled?: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('COMMON.OpenCalendar')}
      disabled={disabled}
      onClick={onClick}
    >
      <IconCalendar size={18} aria-hidden />
    </ActionIcon>
  );
}
