import { defineRoutes } from '../route';

/** Method, path and access of each call in `content.ts`, without schemas: what the browser sends by. */
export const contentRoutes = defineRoutes({
  site: { method: 'GET', path: '/v1/site', auth: false },
  category: { method: 'GET', path: '/v1/category', auth: false },
  article: { method: 'GET', path: '/v1/article', auth: false },
  links: { method: 'GET', path: '/v1/links', auth: false },
  slide: { method: 'GET', path: '/v1/slide', auth: false },
  adv: { method: 'GET', path: '/v1/adv', auth: false },
  education: { method: 'GET', path: '/v1/education', auth: false },
  credit: { method: 'GET', path: '/v1/credit', auth: false },
  promote: { method: 'GET', path: '/v1/promote', auth: false },
});
