import { Button, Card, Menu, Stack, Title } from '@mantine/core';
import {
  IconChevronDown,
  IconEye,
  IconFileDescription,
  IconHierarchy2,
  IconHistory,
  IconMapPin,
  IconUserEdit,
  IconTools,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isClosedRootState } from '../../../../shared/rules/project-units';
import type { ProjectUnitDetail } from '../../../../shared/schemas/projects';
import { isFeatureOn, projectTools, type Features, type ProjectToolName } from '../../../../shared/rules/features';
import { viewerButtonStates } from '../../../../shared/rules/review';

type Props = {
  unit: ProjectUnitDetail;
  features: Features;
  onTool: (tool: ProjectToolName) => void;
};

/**
 * The project tools the tenant offers; a Closed or Archived project is read-only, and the site
 * tools need the right to edit the project, so otherwise only the reviewer-change request stays.
 */
export function availableTools(features: Features, unit: ProjectUnitDetail): ProjectToolName[] {
  const tools = isFeatureOn(features, 'ProjectTools') ? projectTools(features) : [];
  // The site tools follow the root project's edit rule (which a Closed project never passes).
  return isClosedRootState(unit.abilities.rootStateKey) || !unit.abilities.canEditSite
    ? tools.filter((tool) => tool === 'reviewer-change-request')
    : tools;
}

/**
 * History, information sheet and viewer buttons (each by its gate), plus the project tools menu.
 */
export function ProjectActionsCard({ unit, features, onTool }: Props) {
  const { t } = useTranslation();
  const root = unit.rootProjectUnitID;
  const links: { key: string; to: string; icon: typeof IconHistory; label: string }[] = [];
  const journal = `/home/app/project/details/${root}/${unit.projectUnitID}/journal`;
  if (unit.abilities.canReadJournal) {
    links.push({ key: 'journal', to: journal, icon: IconHistory, label: t('PROJECT.Actions.History') });
  }
  const sheet = `/home/app/project/details/${root}/questionnaire`;
  if (unit.abilities.canOpenInfoSheet)
    links.push({ key: 'sheet', to: sheet, icon: IconFileDescription, label: t('PROJECT.Actions.InfoSheet') });
  const viewer = `/home/app/viewer/${root}/${unit.projectUnitID}/view`;
  if (viewerButtonStates.includes(unit.stateKey))
    links.push({ key: 'viewer', to: viewer, icon: IconEye, label: t('PROJECT.Actions.Viewer') });

  const structure = `/home/app/project/structure/${root}`;
  if (
    unit.projectUnitID === root &&
    unit.abilities.rootStateKey === 'Structuring' &&
    isFeatureOn(features, 'CreateStructure')
  )
    links.unshift({ key: 'structure', to: structure, icon: IconHierarchy2, label: t('STRUCTURE.Open') });

  // Address and contact are one form: the two site tools show as one entry.
  const tools = availableTools(features, unit).filter(
    (tool, _, all) => tool !== 'edit-site-contact' || !all.includes('edit-site-address'),
  );
  if (links.length === 0 && tools.length === 0) return null;
  const toolIcon = {
    'edit-site-address': IconMapPin,
    'edit-site-contact': IconMapPin,
    'reviewer-change-request': IconUserEdit,
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="project-actions">
      <Title order={2} size="h5" mb="sm">
        {t('PROJECT.Actions.Title')}
      </Title>
      <Stack gap="xs">
        {links.map((l) => (
          <Button
            key={l.key}
            component={Link}
            to={l.to}
            variant="default"
            justify="flex-start"
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
            leftSection={<l.icon size={16} aria-hidden />}
          >
            {l.label}
          </Button>
        ))}
        {tools.length > 0 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                justify="space-between"
                leftSection={<IconTools size={16} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
              >
                {t('PROJECT.Tools.Menu')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {tools.map((tool) => {
                const Icon = toolIcon[tool];
                return (
                  <Menu.Item key={tool} leftSection={<Icon size={16} aria-hidden />} onClick={() => onTool(tool)}>
                    {tool === 'reviewer-change-request'
                      ? t('PROJECT.Tools.reviewer-change-request')
                      : t('PROJECT.Site.EditTitle')}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        )}
      </Stack>
    </Card>
  );
}
