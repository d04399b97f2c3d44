// Types of web-build.mjs for the TypeScript scripts that import it.
export function isWebBuildStale(): boolean;
/** Builds the web app when it is stale; returns the failed build's exit code, or 0. */
export function buildWebIfStale(): number;
