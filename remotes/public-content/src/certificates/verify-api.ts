import { api } from '@yaoshi/api-client/api';
import type { CertificateVerification } from '@yaoshi/contracts/certificates';

/** The public verification of a 学时证明 number (issue 20); no login. */
export const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    certificateVerify: build.query<CertificateVerification, { no: string }>({
      query: (payload) => ({ method: 'GET', path: '/v1/certificate_verify', payload: { ...payload } }),
    }),
  }),
});

export const { useCertificateVerifyQuery } = verifyApi;
