import { api } from '@yaoshi/api-client/api';
import type { AvatarResponse, FaceStatus } from '@yaoshi/contracts/accounts';
import type { FaceConsentState } from '@yaoshi/contracts/personal-data';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';
import * as personalDataRoutes from '@yaoshi/contracts/routes/personal-data';

/** spec 01 §7 / spec 02 §3: the face photo, for a course (0 outside a lesson) at a progress percent. */
export interface AvatarUpload {
  avatar: string;
  course_id: number;
  percent?: number;
}

const base = api.enhanceEndpoints({ addTagTypes: ['FaceConsent'] });

export const faceApi = base.injectEndpoints({
  endpoints: (build) => ({
    uploadAvatar: build.mutation<AvatarResponse, AvatarUpload>({
      query: (payload) => ({ route: accountRoutes.avatar, payload: { ...payload } }),
      invalidatesTags: ['UserInfo'],
    }),
    /** The review result of the learner's photo: after a rejection, the reviewer's reason (issue 18). */
    faceStatus: build.query<FaceStatus, void>({
      query: () => ({ route: accountRoutes.faceStatus }),
    }),
    /** The learner's consent to the face-photo rules, and how long photos are kept (PIPL). */
    faceConsent: build.query<FaceConsentState, void>({
      query: () => ({ route: personalDataRoutes.faceConsent }),
      providesTags: ['FaceConsent'],
    }),
    giveFaceConsent: build.mutation<FaceConsentState, { version: string }>({
      query: (payload) => ({ route: personalDataRoutes.giveFaceConsent, payload: { ...payload } }),
      invalidatesTags: ['FaceConsent'],
    }),
  }),
});

export const { useUploadAvatarMutation, useFaceStatusQuery, useFaceConsentQuery, useGiveFaceConsentMutation } = faceApi;
