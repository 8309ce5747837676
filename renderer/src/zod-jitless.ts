import { z } from 'zod';

// Zod probes `new Function('')` to decide whether to compile fast parsers. Our CSP forbids
// eval (script-src 'self'), so the probe only fails and files a CSP violation report; say
// up front that this page parses without generated code. Imported first by main.tsx, before
// any module that builds schemas.
z.config({ jitless: true });
