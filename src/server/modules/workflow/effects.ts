import type { ServiceContext } from '../../platform/context';
import type { AppliedTransition } from './engine';

/**
 * Work that comes with a state change (e-mails, follow-up work), declared by the module that owns
 * it. It runs in the transition's transaction (`ctx.db`), so a queued mail commits with the
 * change. `key` is `unitType:action`, or `*` for every transition. A failing effect is logged and
 * rolled back alone; the state change stays.
 */
export type WorkflowEffect = {
  key: string;
  run: (ctx: ServiceContext, transition: AppliedTransition, actorUserId: number) => Promise<void>;
};
