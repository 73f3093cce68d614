import type { Route } from '../route';

// Method, path and access of each call in `content.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as contentRoutes`, so a page's
// bundle keeps only the routes it calls.

export const site = { method: 'GET', path: '/v1/site', auth: false } as const satisfies Route;
export const category = { method: 'GET', path: '/v1/category', auth: false } as const satisfies Route;
export const article = { method: 'GET', path: '/v1/article', auth: false } as const satisfies Route;
export const links = { method: 'GET', path: '/v1/links', auth: false } as const satisfies Route;
export const slide = { method: 'GET', path: '/v1/slide', auth: false } as const satisfies Route;
export const adv = { method: 'GET', path: '/v1/adv', auth: false } as const satisfies Route;
export const education = { method: 'GET', path: '/v1/education', auth: false } as const satisfies Route;
export const credit = { method: 'GET', path: '/v1/credit', auth: false } as const satisfies Route;
export const promote = { method: 'GET', path: '/v1/promote', auth: false } as const satisfies Route;
