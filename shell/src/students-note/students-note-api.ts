import { api } from '@yaoshi/api-client/api';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';

/** spec 01 §3 "Student notice". */
export interface StudentsNote {
  thumb: string;
  excerpt: string;
  content: string;
}

export const studentsNoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentsNote: build.query<StudentsNote, void>({
      query: () => ({ route: accountRoutes.pcNotes }),
    }),
  }),
});

export const { useStudentsNoteQuery } = studentsNoteApi;
