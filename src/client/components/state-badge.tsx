import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reviewerStates } from '../../shared/rules/workflow';

const closed: Record<string, string> = { Closed: 'gray', Archived: 'dark', Approved: 'green', Finalized: 'green' };

/** The translated label of a unit state key (STATES namespace; unknown keys show as Unknown). */
export function useStateLabel() {
  const { t } = useTranslation();
  return (stateKey: string) => t(`STATES.${stateKey}`, { defaultValue: t('STATES.Unknown') });
}

/** A state as a badge: reviewer states violet, processor states blue, done states green or grey. */
export function StateBadge({ stateKey, ...props }: { stateKey: string } & BadgeProps) {
  const label = useStateLabel();
  const color = closed[stateKey] ?? (reviewerStates.includes(stateKey) ? 'violet' : 'blue');
  return (
    <Badge variant="light" color={color} radius="sm" tt="none" data-testid="state-badge" {...props}>
      {label(stateKey)}
    </Badge>
  );
}
