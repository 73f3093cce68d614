import type { CompletedLearner, ReportKind, YearReport } from '@yaoshi/contracts/reports';
import { adminApi } from '../admin-api';

/** 统计报表's calls (issue 20), on the console's API slice. */
export const reportsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    yearReport: build.query<YearReport, { year?: number }>({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/reports/year', payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    completedLearners: build.query<
      { total: number; list: CompletedLearner[] },
      { year: number; page: number; size: number }
    >({
      query: (payload) => ({ method: 'GET', path: '/v1/admin/reports/completed', payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    exportReport: build.mutation<{ file_name: string; xlsx_base64: string }, { year: number; report: ReportKind }>({
      query: (payload) => ({ method: 'POST', path: '/v1/admin/reports/export', payload: { ...payload } }),
      invalidatesTags: ['Audit'],
    }),
  }),
});

export const { useYearReportQuery, useCompletedLearnersQuery, useExportReportMutation } = reportsApi;
