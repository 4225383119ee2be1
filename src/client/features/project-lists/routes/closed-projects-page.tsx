import { ProjectListView } from '../components/project-list-view';

/** home/app/closed-projects-list */
export function ClosedProjectsPage() {
  return <ProjectListView kind="closed" />;
}
