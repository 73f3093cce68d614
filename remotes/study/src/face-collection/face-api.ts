import { api } from '@yaoshi/api-client/api';

/** spec 01 §7 / spec 02 §3: the face photo, for a course (0 outside a lesson) at a progress percent. */
export interface AvatarUpload {
  avatar: string;
  course_id: number;
  percent?: number;
}

export const AVATAR_PATH = '/v1/avatar';

export const faceApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadAvatar: build.mutation<unknown, AvatarUpload>({
      query: (payload) => ({ method: 'POST', path: AVATAR_PATH, payload: { ...payload } }),
      invalidatesTags: ['UserInfo'],
    }),
  }),
});

export const { useUploadAvatarMutation } = faceApi;
