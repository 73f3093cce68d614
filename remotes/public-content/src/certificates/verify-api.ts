import { api } from '@yaoshi/api-client/api';
import type { CertificateVerification } from '@yaoshi/contracts/certificates';
import * as certificateRoutes from '@yaoshi/contracts/routes/certificates';

/** The public verification of a 学时证明 number (issue 20); no login. */
export const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    certificateVerify: build.query<CertificateVerification, { no: string }>({
      query: (payload) => ({ route: certificateRoutes.verify, payload: { ...payload } }),
    }),
  }),
});

export const { useCertificateVerifyQuery } = verifyApi;
