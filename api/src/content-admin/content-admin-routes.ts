import { contentAdminEndpoints } from '@yaoshi/contracts/content-admin';
import type { RouteModule } from '../app-deps';
import type { FastifyRequest } from 'fastify';
import { requireStaff, type StaffPrincipal } from '../auth/authenticator';
import { actorOf, auditedChange, type Audit } from '../audit/audit-log';
import type { Database } from '../db/database';
import {
  createArticle,
  deleteArticle,
  listAdminArticles,
  pinArticle,
  publishArticle,
  readAdminArticle,
  unpublishArticle,
  updateArticle,
} from './article-admin';
import { checkUpload, storeUpload } from './content-files';
import { readHomeContent, saveAdvertisements, saveQuickLinks, saveSlides } from './home-admin';

/** 文章管理 and 首页管理 (内容编辑, issue 20): reads, and changes each audited in its transaction. */
export const contentAdminRoutes: RouteModule = (api, { db, clock, storage }) => {
  const E = contentAdminEndpoints;
  /** A change by the signed-in staff member, in one transaction with its audit record. */
  const audited = <T>(
    staff: StaffPrincipal | null,
    request: FastifyRequest,
    change: (tx: Database, audit: Audit) => Promise<T>,
  ) => auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), change);

  api.add(E.articleList, ({ payload }) => listAdminArticles(db, clock.now(), payload));
  api.add(E.articleDetail, ({ payload }) => readAdminArticle(db, clock.now(), payload.id));

  api.add(E.articleCreate, ({ payload, staff, request }) =>
    audited(staff, request, (tx, audit) => createArticle(tx, clock, audit, payload)),
  );
  api.add(E.articleUpdate, ({ payload, staff, request }) =>
    audited(staff, request, (tx, audit) => updateArticle(tx, clock, audit, payload)),
  );
  api.add(E.articlePublish, ({ payload, staff, request }) =>
    audited(staff, request, (tx, audit) => publishArticle(tx, clock, audit, payload.id, payload.at)),
  );
  api.add(E.articleUnpublish, ({ payload, staff, request }) =>
    audited(staff, request, (tx, audit) => unpublishArticle(tx, clock, audit, payload.id)),
  );
  api.add(E.articlePin, ({ payload, staff, request }) =>
    audited(staff, request, (tx, audit) => pinArticle(tx, clock, audit, payload.id, payload.pinned)),
  );
  api.add(E.articleDelete, ({ payload, staff, request }) =>
    audited(staff, request, (tx, audit) => deleteArticle(tx, clock, audit, payload.id)),
  );

  api.add(E.upload, ({ payload, staff, request }) => {
    // Checked before anything is written: a bad file leaves no file and no row.
    const upload = checkUpload(payload.kind, payload.name, payload.file_base64);
    return audited(staff, request, (tx, audit) => storeUpload(tx, clock, audit, storage, upload));
  });

  api.add(E.home, () => readHomeContent(db));
  api.add(E.slidesSave, ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      saveSlides(tx, audit, payload.slides),
    ),
  );
  api.add(E.adsSave, ({ payload, staff, request }) =>
    audited(staff, request, (tx, audit) => saveAdvertisements(tx, audit, payload)),
  );
  api.add(E.quickLinksSave, ({ payload, staff, request }) =>
    audited(staff, request, (tx, audit) => saveQuickLinks(tx, audit, payload.quick_links)),
  );
};
