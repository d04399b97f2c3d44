// How a server process is started, for `npm start` (scripts/start.mjs) and the tests' and benches' server processes
// (src/test/server-process.ts): one home, so what is measured is what runs.
//
// The heap limit: V8 sizes its heap growth to the limit, which by default is a share of the machine's memory (about
// 4 GB on 24 GB), so a server that holds about 80 MB of live data let garbage pile up to 450 MB resident before
// collecting it. At 512 MB it stays near 300 MB with the same answers (docs/performance.md). A limit already given
// in NODE_OPTIONS wins.
export const SERVER_HEAP_LIMIT_MB = 512;

/** The node arguments that start the server (run from apps/server). */
export function serverNodeArgs(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const heap = /--max-old-space-size/.test(nodeOptions) ? [] : [`--max-old-space-size=${SERVER_HEAP_LIMIT_MB}`];
  return [...heap, '--import', 'tsx', 'src/server.ts'];
}
