import { certificateEndpoints } from '@yaoshi/contracts/certificates';
import type { RouteModule } from '../app-deps';
import { requirePrincipal, requireStaff } from '../auth/authenticator';
import { actorOf, auditedChange } from '../audit/audit-log';
import { siteOrigin } from '../payment/site-origin';
import { IP_LIMITS, hitRateLimit } from '../rate-limits/rate-limits';
import {
  certificatePdf,
  certificateStatus,
  revokeCertificate,
  searchCertificates,
  verifyCertificate,
} from './certificates';

/** 学时证明 (issue 20): the learner's download, the public verification, the staff revoke. */
export const certificateRoutes: RouteModule = (api, { db, clock, config }) => {
  api.add(certificateEndpoints.status, async ({ payload, principal }) =>
    certificateStatus(db, requirePrincipal(principal).learnerId, payload.year),
  );

  // The QR code's address is the configured site address (PUBLIC_BASE_URL), never a forged Host.
  api.add(certificateEndpoints.pdf, async ({ payload, principal, request }) =>
    certificatePdf(db, clock, requirePrincipal(principal).learnerId, payload.year, siteOrigin(request, config)),
  );

  api.add(certificateEndpoints.verify, async ({ payload, request }) => {
    await hitRateLimit(db, clock, IP_LIMITS.certificateVerify, request.ip);
    return verifyCertificate(db, payload.no);
  });

  api.add(certificateEndpoints.adminSearch, async ({ payload }) => searchCertificates(db, payload));

  api.add(certificateEndpoints.adminRevoke, async ({ payload, staff, request }) => {
    const actor = actorOf(requireStaff(staff), request.ip);
    return auditedChange(db, clock, actor, (tx, audit) => revokeCertificate(tx, clock, audit, actor, payload));
  });
};
