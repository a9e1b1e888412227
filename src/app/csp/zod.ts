// The browser build's `zod` (vite.config.ts aliases the bare specifier here; the server keeps the real one): zod
// with its eval JIT off. Under the server's CSP (no 'unsafe-eval') the JIT could never run, but zod probes for it
// with `new Function('')` when the first object schema is made, and the browser reports that probe as a policy
// violation even though zod catches it. Set here, the setting precedes every schema: this module finishes before
// any module that imports `zod` runs.
import { config, z } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export default z;
