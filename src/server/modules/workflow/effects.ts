import type { ServiceContext } from '../../platform/context';
import type { AppliedTransition } from './engine';

/**
 * Work that runs after a state change has committed (e-mails, follow-up work), declared by the
 * module that owns it. `key` is `unitType:action`, or `*` for every transition. A failure is
 * logged, not undone.
 */
export type WorkflowEffect = {
  key: string;
  run: (ctx: ServiceContext, transition: AppliedTransition, actorUserId: number) => Promise<void>;
};
