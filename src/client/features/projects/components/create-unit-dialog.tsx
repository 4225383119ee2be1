import { Button, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedChildTypes, canCreateType } from '../../../../shared/rules/project-units';
import type { ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { informUser } from '../../../components/confirm';
import { CreateUnitForm } from './create-unit-form';
import { metaOf } from './unit-type-meta';

type Props = { parent: ProjectUnitDetail; onClose: () => void };

/** Type tiles with descriptions, then the form of the chosen type (spec/admin-profile-orders.md §2). */
export function CreateUnitDialog({ parent, onClose }: Props) {
  const { t } = useTranslation();
  const types = allowedChildTypes(parent.projectUnitType, parent.projectUnitTypeVariant);
  const [type, setType] = useState<string | null>(null);

  const choose = (candidate: string) => {
    const ctx = {
      isSalesPlanner: parent.abilities.isSalesPlanner,
      rootStateKey: parent.abilities.rootStateKey,
      isInternal: parent.abilities.isInternal,
    };
    if (!canCreateType(candidate, ctx)) {
      void informUser(
        t('UNIT.Create.NotAllowedTitle'),
        t('UNIT.Create.NotAllowedMessage', { type: t(`UNIT.Type.${candidate}`) }),
      );
      return;
    }
    setType(candidate);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('UNIT.Create.Title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <Stack gap="md">
        {types.length === 0 ? (
          <Text data-testid="no-further-structuring">{t('UNIT.Create.NoFurtherStructuring')}</Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: Math.min(types.length, 3) }}
            role="radiogroup"
            aria-label={t('UNIT.Create.ChooseType')}
          >
            {types.map((candidate) => {
              const meta = metaOf(candidate);
              const selected = type === candidate;
              return (
                <UnstyledButton
                  key={candidate}
                  role="radio"
                  aria-checked={selected}
                  onClick={() => choose(candidate)}
                  p="md"
                  data-testid={`type-tile-${candidate}`}
                  style={{
                    border: `2px solid var(--mantine-color-${selected ? meta.color + '-6' : 'gray-3'})`,
                    borderRadius: 'var(--mantine-radius-md)',
                    background: selected ? `var(--mantine-color-${meta.color}-0)` : undefined,
                  }}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <ThemeIcon color={meta.color} variant="light" size="lg">
                      <meta.icon size={20} aria-hidden />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Text fw={600}>{t(`UNIT.Type.${candidate}`)}</Text>
                      <Text size="sm" c="dimmed">
                        {t(`UNIT.Description.${candidate}`)}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
        {type ? (
          <CreateUnitForm key={type} type={type} parent={parent} onCancel={onClose} onCreated={onClose} />
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('COMMON.Cancel')}
            </Button>
            <Button disabled>{t('COMMON.Add')}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
