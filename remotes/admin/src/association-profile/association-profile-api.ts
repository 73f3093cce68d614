import { api } from '@yaoshi/api-client/api';
import type { AssociationProfile } from '@yaoshi/contracts/association-profile';
import * as associationProfileRoutes from '@yaoshi/contracts/routes/association-profile';

/** 协会信息 in the console (issue 20): the association's profile, read and saved whole. */
const base = api.enhanceEndpoints({ addTagTypes: ['AssociationProfile', 'SiteSettings'] });

export const associationProfileApi = base.injectEndpoints({
  endpoints: (build) => ({
    associationProfile: build.query<AssociationProfile, void>({
      query: () => ({ route: associationProfileRoutes.adminRead }),
      providesTags: ['AssociationProfile'],
    }),
    associationProfileSave: build.mutation<AssociationProfile, AssociationProfile>({
      query: (payload) => ({ route: associationProfileRoutes.adminUpdate, payload: { ...payload } }),
      invalidatesTags: ['AssociationProfile', 'SiteSettings'],
    }),
  }),
});

export const { useAssociationProfileQuery, useAssociationProfileSaveMutation } = associationProfileApi;
