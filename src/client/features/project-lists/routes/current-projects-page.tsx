import { ProjectListView } from '../components/project-list-view';

/** home/app/current-projects-list */
export function CurrentProjectsPage() {
  return <ProjectListView kind="current" />;
}
