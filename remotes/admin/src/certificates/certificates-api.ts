import { api } from '@yaoshi/api-client/api';
import type { CertificateRevokeRequest, CertificateRow } from '@yaoshi/contracts/certificates';
import * as certificateRoutes from '@yaoshi/contracts/routes/certificates';

/** 学时证明 in the console (issue 20): find by number or learner, revoke with a reason. */
const base = api.enhanceEndpoints({ addTagTypes: ['Certificate'] });

export const certificatesApi = base.injectEndpoints({
  endpoints: (build) => ({
    certificateSearch: build.query<{ list: CertificateRow[] }, { certificate_no?: string; learner?: string }>({
      query: (payload) => ({ route: certificateRoutes.adminSearch, payload: { ...payload } }),
      providesTags: ['Certificate'],
    }),
    certificateRevoke: build.mutation<CertificateRow, CertificateRevokeRequest>({
      query: (payload) => ({ route: certificateRoutes.adminRevoke, payload: { ...payload } }),
      invalidatesTags: ['Certificate'],
    }),
  }),
});

export const { useCertificateSearchQuery, useCertificateRevokeMutation } = certificatesApi;
