import { Group, List, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ifcStructurePhases, type IfcStructurePhase } from '../../../../shared/schemas/structure';

/** The steps of reading a model: done ones ticked, the current one turning, later ones dimmed. */
export function GenerateSteps({ phase }: { phase: IfcStructurePhase | null }) {
  const { t } = useTranslation();
  // Before the server's first word the request is under way: the first step is the current one.
  const current = phase ? ifcStructurePhases.indexOf(phase) : 0;
  return (
    <div role="status" data-testid="generate-steps">
      <List spacing={4} size="sm" listStyleType="none">
        {ifcStructurePhases.map((step, i) => (
          <List.Item key={step} data-step={step} data-done={i < current || undefined}>
            <Group gap="xs" wrap="nowrap">
              {i < current ? (
                <ThemeIcon size={16} radius="xl" color="teal" aria-hidden>
                  <IconCheck size={12} />
                </ThemeIcon>
              ) : i === current ? (
                <Loader size={16} aria-hidden />
              ) : (
                <ThemeIcon size={16} radius="xl" color="gray" variant="light" aria-hidden>
                  {' '}
                </ThemeIcon>
              )}
              <Text size="sm" c={i > current ? 'dimmed' : undefined} fw={i === current ? 600 : undefined}>
                {t(`STRUCTURE.Generate.Phase.${step}`)}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        {t('STRUCTURE.Generate.GoOnHint')}
      </Text>
    </div>
  );
}
