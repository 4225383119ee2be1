import type { FastifyInstance } from 'fastify';
import type { AppliedTransition } from './engine';

/** Runs after a state change has committed (e-mails, follow-up work); a failure is logged, not undone. */
export type Effect = (app: FastifyInstance, transition: AppliedTransition, actorUserId: number) => Promise<void>;

/**
 * Effects by `unitType:action` (or `*` for every transition). The orders module registers
 * e.g. `aacorderlot:place-order` and `lintelorderlot:place-order` for the order confirmation mail.
 */
const registry = new Map<string, Effect[]>();

export function registerEffect(key: string, effect: Effect): void {
  const list = registry.get(key) ?? [];
  if (!list.includes(effect)) list.push(effect);
  registry.set(key, list);
}

export async function runEffects(
  app: FastifyInstance,
  transition: AppliedTransition,
  actorUserId: number,
): Promise<void> {
  const keys = [`${transition.unitType}:${transition.action}`, '*'];
  for (const effect of keys.flatMap((k) => registry.get(k) ?? [])) {
    try {
      await effect(app, transition, actorUserId);
    } catch (err) {
      app.log.error({ err, unitId: transition.unitId, action: transition.action }, 'workflow effect failed');
    }
  }
}
