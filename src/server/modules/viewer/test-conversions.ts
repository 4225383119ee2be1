import type { ServiceContext } from '../../platform/context';
import { conversionsOf } from '../conversions/state';
import { kickConversions } from './conversion-service';

/**
 * Converts until the given IFC versions are ready or failed. Test files share one database, so
 * another file's application may hold a version's claim for a while (and give it back when it
 * closes); the queue is asked again until the versions are settled.
 */
export async function convertSettled(ctx: ServiceContext, versionIds: number[], timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await kickConversions(ctx);
    const statuses = [...(await conversionsOf(ctx, versionIds)).values()].map((c) => c.status);
    if (statuses.every((s) => s === 'ready' || s === 'failed')) return;
    if (Date.now() > until) throw new Error(`conversions not settled: ${statuses.join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
