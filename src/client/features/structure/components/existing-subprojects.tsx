import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ErrorMessage } from '../../../../shared/errors';
import type { StructureDraftResponse } from '../../../../shared/schemas/structure';
import { useFormatters } from '../../../lib/format';
import { serverMessageText } from '../../../lib/server-message';

type Existing = NonNullable<StructureDraftResponse['existingSubprojects']>[number];

const unitPath = (rootId: number, id: number | string) => `/home/app/project/details/${rootId}/${id}`;

/**
 * The subprojects the project already holds, made on the project page: part of the structure
 * that finishing checks, so they are shown here with what each still lacks and a link to it.
 */
export function ExistingSubprojects({ rootId, subs }: { rootId: number; subs: Existing[] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  if (subs.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="existing-subprojects">
      <Stack gap="xs">
        <Text fw={600}>{t('STRUCTURE.Existing.Title')}</Text>
        <Text size="sm" c="dimmed">
          {t('STRUCTURE.Existing.Hint')}
        </Text>
        {subs.map((sub) => {
          const lacks = sub.children === 0;
          return (
            <Group key={sub.projectUnitID} gap="sm" wrap="wrap" data-testid="existing-subproject">
              <Anchor component={Link} to={unitPath(rootId, sub.projectUnitID)} fw={600}>
                {sub.projectUnitNo} {sub.title}
              </Anchor>
              {sub.projectUnitTypeVariant && (
                <Badge variant="light" color="grape">
                  {t(
                    sub.projectUnitTypeVariant === 'lintel'
                      ? 'STRUCTURE.Existing.Lintels'
                      : 'STRUCTURE.Existing.Elements',
                  )}
                </Badge>
              )}
              <Text size="sm">
                {t('STRUCTURE.Existing.Children', { count: sub.children })}
                {sub.volume > 0 ? ` · ${fmt.number(sub.volume)} m³` : ''}
              </Text>
              {lacks && (
                <Text size="sm" c="red.8" fw={600}>
                  {serverMessageText({
                    message: sub.projectUnitTypeVariant
                      ? 'STRUCTURE.Errors.UnitWithoutOrderLot'
                      : 'STRUCTURE.Errors.UnitWithoutLot',
                    params: { unitNo: sub.projectUnitNo, title: sub.title },
                  })}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** The server's refusal naming units: each message with a link to the unit it names. */
export function UnitRefusal({ rootId, title, messages }: { rootId: number; title: string; messages: ErrorMessage[] }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={title} role="alert" data-testid="unit-refusal">
      <List size="sm" spacing={4}>
        {messages.map((m, i) => (
          <List.Item key={i}>
            {serverMessageText(m)}{' '}
            {m.params?.unitId !== undefined && (
              <Anchor
                component={Link}
                to={unitPath(rootId, m.params.unitId)}
                size="sm"
                c="red.9"
                fw={600}
                underline="always"
              >
                {t('STRUCTURE.Errors.OpenUnit')}
              </Anchor>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Messages of a refusal that name a unit (they carry its id). */
export function unitMessages(messages: readonly ErrorMessage[]): ErrorMessage[] {
  return messages.filter((m) => m.params?.unitId !== undefined);
}
