import { api } from '@yaoshi/api-client/api';
import type { CertificatePdf, CertificateStatus } from '@yaoshi/contracts/certificates';
import * as certificateRoutes from '@yaoshi/contracts/routes/certificates';

/** 学时证明 (issue 20): whether the year's certificate can be downloaded, and the download. */
export const certificateApi = api.injectEndpoints({
  endpoints: (build) => ({
    certificateStatus: build.query<CertificateStatus, { year: number }>({
      query: (payload) => ({ route: certificateRoutes.status, payload: { ...payload } }),
      providesTags: ['Course'],
    }),
    /** Issued on the first download; fetched when the learner asks, never cached. */
    certificatePdf: build.query<CertificatePdf, { year: number }>({
      query: (payload) => ({ route: certificateRoutes.pdf, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCertificateStatusQuery, useLazyCertificatePdfQuery } = certificateApi;
