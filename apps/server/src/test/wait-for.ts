// Polls until a probe gives a value (not undefined, null or false): for work that ends on its own time (jobs,
// sockets, the AIS writer's listeners), without sleeping longer than it takes.
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
