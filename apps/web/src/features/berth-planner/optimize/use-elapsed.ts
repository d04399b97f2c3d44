// Milliseconds since `active` turned true, ticking while it stays true: the server sends no progress, so the
// panel shows the run against its time budget.
import { useEffect, useState } from 'react';

const TICK_MS = 200;

export function useElapsed(active: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!active) return;
    const startedAt = Date.now();
    setElapsed(0);
    const timer = setInterval(() => setElapsed(Date.now() - startedAt), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return active ? elapsed : 0;
}
