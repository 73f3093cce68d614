import { CATEGORY_IDS, idParam, listPageSize } from '../articles/categories';
import { topicApiOf, type ArticleListRequest } from '../articles/article-api';
import { HOME_ASSOCIATION_NEWS_COUNT, HOME_TAB_LIST_COUNT } from '../home/home-layout';
import { listPlaceOf } from '../news/list-place';
import type { ArticleLink } from '../articles/article-title-list';
import type { QueryEntry } from '@yaoshi/contracts/hydration';
import type { ServerPage } from './server-page';

/**
 * The answers a page's queries get, as this remote's endpoints (article-api.ts and the
 * others) cache them, from the data the server rendered the page with: the shell puts them
 * into its store before hydrating (issue 38), so the browser's page draws its first render
 * with them, as the server did, and asks for nothing it already has. Each entry's endpoint
 * and argument are the ones the page's hooks use; a page whose hooks change their arguments
 * changes them here too (render.test.tsx holds the two together). The site settings are the
 * shell's (its frame's entries).
 */
/**
 * What the lists draw of an article (`ArticleLink`), and all a list's answer carries here: the
 * page stays small, and a view counted elsewhere (post_hits) does not change the home page's
 * bytes. Only the lists read these entries (their arguments are theirs alone).
 */
const linkOf = ({ id, title, published_time }: ArticleLink): ArticleLink => ({ id, title, published_time });

export function pageQueries(page: ServerPage, search: string): QueryEntry[] {
  switch (page.page) {
    case 'article': {
      // The argument the article page's hook gives: the address's postid (news-detail-page.tsx).
      const postid = idParam(new URLSearchParams(search).get('postid'));
      return postid === null ? [] : [{ endpointName: 'article', arg: postid, value: page.article }];
    }
    case 'list': {
      const place = listPlaceOf(new URLSearchParams(search));
      const arg: ArticleListRequest = {
        catid: page.categoryId,
        limit: listPageSize(page.categoryId),
        page: place.page,
        ...(place.keyword ? { keyword: place.keyword } : {}),
      };
      return [
        { endpointName: 'articleList', arg, value: { total: page.list.total, data: page.list.data.map(linkOf) } },
      ];
    }
    case 'topic': {
      const slug = topicApiOf(new URLSearchParams(search).get('api'));
      return slug ? [{ endpointName: 'topicPage', arg: slug, value: page.topic }] : [];
    }
    case 'home':
      return [
        { endpointName: 'slides', arg: undefined, value: page.slides },
        { endpointName: 'quickLinks', arg: undefined, value: page.quickLinks },
        ...page.lists.map(({ categoryId, articles, total }) => {
          const limit = categoryId === CATEGORY_IDS.associationNews ? HOME_ASSOCIATION_NEWS_COUNT : HOME_TAB_LIST_COUNT;
          const arg: ArticleListRequest = { catid: categoryId, limit, page: 1 };
          return {
            endpointName: 'articleList',
            arg,
            value: { total: total ?? articles.length, data: articles.slice(0, limit).map(linkOf) },
          };
        }),
      ];
    case 'introduction':
      return [{ endpointName: 'associationIntroduction', arg: undefined, value: page.introduction }];
    case 'verify':
    case 'contact':
    case 'notice':
    case 'app':
      return [];
  }
}
