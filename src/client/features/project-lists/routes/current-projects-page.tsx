import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCreationContext } from '../../../lib/project-creation';
import { CreateProjectDialog } from '../components/create-project-dialog';
import { ProjectListView } from '../components/project-list-view';

/**
 * home/app/current-projects-list. `?create=1` opens the create-project dialog (dashboard button),
 * `&member={userId}` preselects the requester of a sales-organisation request as the first member.
 */
export function CurrentProjectsPage() {
  const { t } = useTranslation();
  const context = useCreationContext();
  const [params, setParams] = useSearchParams();
  const memberParam = Number(params.get('member'));
  const firstMemberId = Number.isInteger(memberParam) && memberParam > 0 ? memberParam : null;
  const open = params.get('create') === '1';
  const setOpen = (next: boolean) => {
    const changed = new URLSearchParams(params);
    if (next) changed.set('create', '1');
    else {
      changed.delete('create');
      changed.delete('member');
    }
    setParams(changed, { replace: !next });
  };
  const canCreate = context.data?.canCreate === true;
  return (
    <>
      <ProjectListView
        kind="current"
        actions={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
              {t('PROJECT.CreateProject.Button')}
            </Button>
          ) : null
        }
      />
      {open && canCreate && context.data && (
        <CreateProjectDialog context={context.data} firstMemberId={firstMemberId} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
