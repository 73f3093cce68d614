import { api } from '@yaoshi/api-client/api';

/** spec 01 §3 "Student notice". */
export interface StudentsNote {
  thumb: string;
  excerpt: string;
  content: string;
}

export const studentsNoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentsNote: build.query<StudentsNote, void>({
      query: () => ({ method: 'GET', path: '/v1/pc_notes' }),
    }),
  }),
});

export const { useStudentsNoteQuery } = studentsNoteApi;
