import { contentEndpoints } from '@yaoshi/contracts/content';
import { contentAdminEndpoints } from '@yaoshi/contracts/content-admin';
import { MESSAGES } from '../messages';
import { siteStagingFields } from '../config';
import { notFound } from '../envelope/api-error';
import type { RouteModule } from '../app-deps';
import type { TopicPageSlug } from './content-schema';
import {
  listArticles,
  listCategories,
  listFriendLinks,
  listQuickLinks,
  listSlides,
  openArticle,
  readAdvertisements,
  readPublicArticle,
  readSiteSettings,
  readTopicPage,
} from './content-queries';

/** The public content calls of spec 01 §7: header, footer, home page, lists, details. */
export const contentRoutes: RouteModule = (api, { db, config, clock }) => {
  // A staging site says so on every page; the field is absent elsewhere (no bytes, no change to the contract).
  const stagingFields = siteStagingFields(config);
  api.add(contentEndpoints.site, async () => {
    const settings = await readSiteSettings(db);
    if (!settings) throw notFound(MESSAGES.siteNotConfigured);
    return { ...settings, ...stagingFields };
  });

  // All categories, 6 (联系我们) included: the client removes it from the navigation.
  api.add(contentEndpoints.category, () => listCategories(db));

  api.add(contentEndpoints.article, async ({ payload }) => {
    if ('postid' in payload) {
      // `count: false`: the first page of a server-rendered article, whose beacon counted the view.
      const article =
        payload.count === false
          ? await readPublicArticle(db, payload.postid, clock.now())
          : await openArticle(db, payload.postid, clock.now());
      if (!article) throw notFound(MESSAGES.articleNotFound);
      return article;
    }
    return listArticles(db, { ...payload, now: clock.now() });
  });

  api.add(contentEndpoints.links, () => listFriendLinks(db));
  api.add(contentEndpoints.slide, () => listSlides(db));
  api.add(contentEndpoints.adv, () => readAdvertisements(db, clock.now()));
  api.add(contentAdminEndpoints.quickLinks, () => listQuickLinks(db));

  const topicPage = (slug: TopicPageSlug) => async () => {
    const page = await readTopicPage(db, slug);
    if (!page) throw notFound(MESSAGES.pageNotFound);
    return page;
  };
  api.add(contentEndpoints.education, topicPage('education'));
  api.add(contentEndpoints.credit, topicPage('credit'));
  api.add(contentEndpoints.promote, topicPage('promote'));
};
