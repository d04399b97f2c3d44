// Imported first by main.tsx, before any schema is built: zod's fast path compiles parsers with `new Function`, and
// even its caught probe for that counts as a violation of our Content-Security-Policy (script-src 'self', no eval).
import { z } from 'zod';

z.config({ jitless: true });
