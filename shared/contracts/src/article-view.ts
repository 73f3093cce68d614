import './zod-setup';
import { z } from 'zod';
import { recordIdSchema } from './request-numbers';

/**
 * The view beacon of a server-rendered article (docs/performance.md, "Takeover on intent"):
 * the page's small script (`site-takeover.js`, no main.js, no signing) posts the article's id
 * once per page load, and the server counts the view. Plain JSON over HTTP, not a signed
 * envelope endpoint, like the shells' load reports (release-registry-paths.ts); the server
 * writes the path into the page (`data-view`), so it is written here once, as every `/v1/` path.
 */
export const ARTICLE_VIEW_PATH = '/v1/article_view';

/** `{ "postid": 7 }` and nothing else. */
export const articleViewSchema = z.strictObject({ postid: recordIdSchema });
export type ArticleViewBody = z.infer<typeof articleViewSchema>;

/** A beacon's body is a few bytes; anything bigger is refused before it is read. */
export const ARTICLE_VIEW_BODY_LIMIT = 256;
