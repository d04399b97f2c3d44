// Whether this process still wants new work. Shutdown marks it draining first, so /ready answers 503 and a load
// balancer that polls it takes the server out of rotation while the requests already sent here finish.
import type { AppContext } from '../../app-context';

// Keyed by the app's context (one per app), so apps built side by side in one test process do not share the flag.
const draining = new WeakSet<AppContext>();

export function markDraining(ctx: AppContext): void {
  draining.add(ctx);
}

export function isDraining(ctx: AppContext): boolean {
  return draining.has(ctx);
}
