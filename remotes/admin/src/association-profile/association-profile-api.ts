import { api } from '@yaoshi/api-client/api';
import type { AssociationProfile } from '@yaoshi/contracts/association-profile';

/** 协会信息 in the console (issue 20): the association's profile, read and saved whole. */
const base = api.enhanceEndpoints({ addTagTypes: ['AssociationProfile', 'SiteSettings'] });

export const associationProfileApi = base.injectEndpoints({
  endpoints: (build) => ({
    associationProfile: build.query<AssociationProfile, void>({
      query: () => ({ method: 'GET', path: '/v1/admin/association_profile' }),
      providesTags: ['AssociationProfile'],
    }),
    associationProfileSave: build.mutation<AssociationProfile, AssociationProfile>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/association_profile/save', payload: { ...payload } }),
      invalidatesTags: ['AssociationProfile', 'SiteSettings'],
    }),
  }),
});

export const { useAssociationProfileQuery, useAssociationProfileSaveMutation } = associationProfileApi;
