import { z } from 'zod';

/**
 * In browsers zod runs without its eval-compiled fast path. The site's
 * Content-Security-Policy has no 'unsafe-eval', and zod's probe for it (`new Function("")`,
 * caught) is still reported as a CSP violation. zod reads the setting when each object
 * schema is built, so every contracts module that uses zod imports this file first.
 * The server keeps the fast path (no CSP applies there).
 */
if ('document' in globalThis) z.config({ jitless: true });
