import type { CompletedLearner, ReportExport, ReportKind, YearReport } from '@yaoshi/contracts/reports';
import { adminApi } from '../admin-api';
import * as reportRoutes from '@yaoshi/contracts/routes/reports';

/** 统计报表's calls (issue 20), on the console's API slice; exports are made by a job (issue 21). */
export const reportsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    yearReport: build.query<YearReport, { year?: number }>({
      query: (payload) => ({ route: reportRoutes.yearReport, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    completedLearners: build.query<
      { total: number; list: CompletedLearner[] },
      { year: number; page: number; size: number }
    >({
      query: (payload) => ({ route: reportRoutes.completedLearners, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    /** Records the export (排队中) and answers at once; the job makes the file. */
    exportReport: build.mutation<ReportExport, { year: number; report: ReportKind }>({
      query: (payload) => ({ route: reportRoutes.exportReport, payload: { ...payload } }),
      invalidatesTags: ['Audit', 'ReportExports'],
    }),
    reportExports: build.query<{ list: ReportExport[] }, void>({
      query: () => ({ route: reportRoutes.exports, payload: {} }),
      providesTags: ['ReportExports'],
      keepUnusedDataFor: 0,
    }),
    exportFile: build.query<{ file_name: string; xlsx_base64: string }, number>({
      query: (exportId) => ({ route: reportRoutes.exportFile, payload: { export_id: exportId } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useYearReportQuery,
  useCompletedLearnersQuery,
  useExportReportMutation,
  useReportExportsQuery,
  useLazyExportFileQuery,
} = reportsApi;
