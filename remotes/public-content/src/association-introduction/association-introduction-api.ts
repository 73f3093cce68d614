import { api } from '@yaoshi/api-client/api';
import type { AssociationIntroduction } from '@yaoshi/contracts/association-profile';
import * as associationProfileRoutes from '@yaoshi/contracts/routes/association-profile';

/** The association's introduction chapters and charter, from its profile (issue 20). */
export const associationIntroductionApi = api.injectEndpoints({
  endpoints: (build) => ({
    associationIntroduction: build.query<AssociationIntroduction, void>({
      // associationProfileEndpoints.introduction (shared/contracts); written out so this chunk needs no zod.
      query: () => ({ route: associationProfileRoutes.introduction }),
    }),
  }),
});

export const { useAssociationIntroductionQuery } = associationIntroductionApi;
