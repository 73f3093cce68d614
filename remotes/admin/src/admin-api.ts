import { api } from '@yaoshi/api-client/api';
import type {
  AdminLoginRequest,
  AdminLoginResponse,
  StaffCreateRequest,
  StaffCredentials,
  StaffRow,
  StaffPasswordChangeRequest,
  StaffSelf,
  StaffUpdateRequest,
} from '@yaoshi/contracts/staff-admin';
import type { AuditListRequest, AuditListResponse } from '@yaoshi/contracts/audit-log';
import type {
  ImportConfirm,
  ImportReport,
  LearnerDetail,
  LearnerListRequest,
  LearnerListResponse,
  NewLearner,
} from '@yaoshi/contracts/learner-admin';
import type { FaceQueueRow, FaceRejectRequest, LessonChecks, LessonFailRequest } from '@yaoshi/contracts/face-review';
import type {
  AdminOrderDetail,
  FinanceSummary,
  ReconciliationReport,
  OrderSearchRow,
  InvoiceQueueRow,
  RefundQueueRow,
} from '@yaoshi/contracts/finance-admin';
import * as auditLogRoutes from '@yaoshi/contracts/routes/audit-log';
import * as faceReviewRoutes from '@yaoshi/contracts/routes/face-review';
import * as financeAdminRoutes from '@yaoshi/contracts/routes/finance-admin';
import * as learnerAdminRoutes from '@yaoshi/contracts/routes/learner-admin';
import * as staffAdminRoutes from '@yaoshi/contracts/routes/staff-admin';
import type { z } from 'zod';
import type { invoiceIssuingSchema } from '@yaoshi/contracts/finance-admin';

type InvoiceIssuing = z.infer<typeof invoiceIssuingSchema>;

/** The staff console's calls (issue 18), on the shell's one API slice; staff tokens are the base query's business. */
const adminApiBase = api.enhanceEndpoints({
  addTagTypes: [
    'StaffSelf',
    'Staff',
    'Audit',
    'AdminLearner',
    'FaceQueue',
    'Refund',
    'Invoice',
    'Reconciliation',
    'ReportExports',
    'AdminOrder',
  ],
});

export const adminApi = adminApiBase.injectEndpoints({
  endpoints: (build) => ({
    adminLogin: build.mutation<AdminLoginResponse, AdminLoginRequest>({
      query: (payload) => ({ route: staffAdminRoutes.login, payload: { ...payload } }),
    }),
    adminLogout: build.mutation<null, void>({
      query: () => ({ route: staffAdminRoutes.logout }),
    }),
    adminMe: build.query<StaffSelf, void>({
      query: () => ({ route: staffAdminRoutes.me }),
      providesTags: ['StaffSelf'],
    }),
    adminPasswordChange: build.mutation<null, StaffPasswordChangeRequest>({
      query: (payload) => ({ route: staffAdminRoutes.passwordChange, payload: { ...payload } }),
      invalidatesTags: ['StaffSelf'],
    }),
    staffList: build.query<StaffRow[], void>({
      query: () => ({ route: staffAdminRoutes.staffList }),
      providesTags: ['Staff'],
    }),
    staffCreate: build.mutation<StaffCredentials, StaffCreateRequest>({
      query: (payload) => ({ route: staffAdminRoutes.staffCreate, payload: { ...payload } }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    staffUpdate: build.mutation<null, StaffUpdateRequest>({
      query: (payload) => ({ route: staffAdminRoutes.staffUpdate, payload: { ...payload } }),
      invalidatesTags: ['Staff', 'Audit', 'StaffSelf'],
    }),
    auditList: build.query<AuditListResponse, AuditListRequest>({
      query: (payload) => ({ route: auditLogRoutes.audit, payload: { ...payload } }),
      providesTags: ['Audit'],
    }),
    learnerList: build.query<LearnerListResponse, LearnerListRequest>({
      query: (payload) => ({ route: learnerAdminRoutes.learners, payload: { ...payload } }),
      providesTags: ['AdminLearner'],
    }),
    faceQueue: build.query<{ total: number; list: FaceQueueRow[] }, { page: number; size: number }>({
      query: (payload) => ({ route: faceReviewRoutes.faceQueue, payload: { ...payload } }),
      providesTags: ['FaceQueue'],
    }),
    faceApprove: build.mutation<null, { photo_id: number }>({
      query: (payload) => ({ route: faceReviewRoutes.faceApprove, payload: { ...payload } }),
      invalidatesTags: ['FaceQueue', 'AdminLearner', 'Audit'],
    }),
    faceReject: build.mutation<null, FaceRejectRequest>({
      query: (payload) => ({ route: faceReviewRoutes.faceReject, payload: { ...payload } }),
      invalidatesTags: ['FaceQueue', 'AdminLearner', 'Audit'],
    }),
    refundQueue: build.query<
      { total: number; list: RefundQueueRow[] },
      { page: number; size: number; status?: RefundQueueRow['status'] }
    >({
      query: (payload) => ({ route: financeAdminRoutes.refundQueue, payload: { ...payload } }),
      providesTags: ['Refund'],
    }),
    refundApprove: build.mutation<{ outcome: string; message: string }, { order_no: string }>({
      query: (payload) => ({ route: financeAdminRoutes.refundApprove, payload: { ...payload } }),
      invalidatesTags: ['Refund', 'AdminOrder', 'AdminLearner', 'Audit'],
    }),
    refundRequery: build.mutation<{ outcome: string; message: string }, { order_no: string }>({
      query: (payload) => ({ route: financeAdminRoutes.refundRequery, payload: { ...payload } }),
      invalidatesTags: ['Refund', 'AdminOrder', 'AdminLearner', 'Audit'],
    }),
    adminInvoicePdf: build.query<{ file_name: string; pdf_base64: string }, { order_no: string }>({
      query: (payload) => ({ route: financeAdminRoutes.invoicePdf, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    refundReject: build.mutation<null, { order_no: string; reason: string }>({
      query: (payload) => ({ route: financeAdminRoutes.refundReject, payload: { ...payload } }),
      invalidatesTags: ['Refund', 'AdminLearner', 'Audit'],
    }),
    invoiceQueue: build.query<
      { total: number; list: InvoiceQueueRow[] },
      { page: number; size: number; status?: InvoiceQueueRow['status'] }
    >({
      query: (payload) => ({ route: financeAdminRoutes.invoiceQueue, payload: { ...payload } }),
      providesTags: ['Invoice'],
    }),
    invoiceIssue: build.mutation<InvoiceIssuing, { order_no: string }>({
      query: (payload) => ({ route: financeAdminRoutes.invoiceIssue, payload: { ...payload } }),
      invalidatesTags: ['Invoice', 'AdminLearner', 'Audit'],
    }),
    invoiceRetry: build.mutation<InvoiceIssuing, { order_no: string }>({
      query: (payload) => ({ route: financeAdminRoutes.invoiceRetry, payload: { ...payload } }),
      invalidatesTags: ['Invoice', 'AdminLearner', 'Audit'],
    }),
    invoiceRefund: build.mutation<
      { red_status: string; red_invoice_no: string | null; red_error: string | null; refund_status: string },
      { order_no: string; reason: string }
    >({
      query: (payload) => ({ route: financeAdminRoutes.invoiceRefund, payload: { ...payload } }),
      invalidatesTags: ['Invoice', 'Refund', 'AdminLearner', 'Audit'],
    }),
    invoiceReject: build.mutation<null, { order_no: string; reason: string }>({
      query: (payload) => ({ route: financeAdminRoutes.invoiceReject, payload: { ...payload } }),
      invalidatesTags: ['Invoice', 'AdminLearner', 'Audit'],
    }),
    orderSearch: build.query<
      { total: number; list: OrderSearchRow[] },
      Record<string, string | number | boolean | undefined> & { page: number; size: number }
    >({
      query: (payload) => ({ route: financeAdminRoutes.orderSearch, payload: { ...payload } }),
      providesTags: ['Refund', 'Invoice'],
    }),
    adminOrderDetail: build.query<AdminOrderDetail, { order_no: string }>({
      query: (payload) => ({ route: financeAdminRoutes.orderDetail, payload: { ...payload } }),
      providesTags: ['AdminOrder'],
    }),
    financeSummary: build.query<FinanceSummary, { from: string; to: string }>({
      query: (payload) => ({ route: financeAdminRoutes.financeSummary, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    reconciliationReport: build.query<ReconciliationReport, { day: string }>({
      query: (payload) => ({ route: financeAdminRoutes.reconciliationReport, payload: { ...payload } }),
      providesTags: ['Reconciliation'],
      keepUnusedDataFor: 0,
    }),
    reconciliationRun: build.mutation<ReconciliationReport, { day: string }>({
      query: (payload) => ({ route: financeAdminRoutes.reconciliationRun, payload: { ...payload } }),
      invalidatesTags: ['Reconciliation', 'Audit'],
    }),
    learnerDetail: build.query<LearnerDetail, { id: number }>({
      query: (payload) => ({ route: learnerAdminRoutes.learnerDetail, payload: { ...payload } }),
      providesTags: ['AdminLearner'],
    }),
    learnerCreate: build.mutation<{ id: number; initial_password: string }, NewLearner>({
      query: (payload) => ({ route: learnerAdminRoutes.learnerCreate, payload: { ...payload } }),
      invalidatesTags: ['AdminLearner', 'Audit'],
    }),
    learnerImportTemplate: build.query<{ file_name: string; xlsx_base64: string }, void>({
      query: () => ({ route: learnerAdminRoutes.importTemplate }),
      keepUnusedDataFor: 0,
    }),
    learnerImportCheck: build.mutation<ImportReport, { file_base64: string }>({
      query: (payload) => ({ route: learnerAdminRoutes.importCheck, payload: { ...payload } }),
      invalidatesTags: ['Audit'],
    }),
    learnerImportConfirm: build.mutation<{ imported: number; skipped: number }, ImportConfirm>({
      query: (payload) => ({ route: learnerAdminRoutes.importConfirm, payload: { ...payload } }),
      invalidatesTags: ['AdminLearner', 'Audit'],
    }),
    faceLessonChecks: build.query<LessonChecks, { id_number: string }>({
      query: (payload) => ({ route: faceReviewRoutes.faceLessonChecks, payload: { ...payload } }),
      providesTags: ['FaceQueue'],
    }),
    faceLessonFail: build.mutation<{ progress_before: number }, LessonFailRequest>({
      query: (payload) => ({ route: faceReviewRoutes.faceLessonFail, payload: { ...payload } }),
      invalidatesTags: ['FaceQueue', 'AdminLearner', 'Audit'],
    }),
    learnerResetPassword: build.mutation<{ password: string }, { id: number }>({
      query: (payload) => ({ route: learnerAdminRoutes.learnerResetPassword, payload: { ...payload } }),
      invalidatesTags: ['AdminLearner', 'Audit'],
    }),
    learnerUnlock: build.mutation<null, { id: number }>({
      query: (payload) => ({ route: learnerAdminRoutes.learnerUnlock, payload: { ...payload } }),
      invalidatesTags: ['AdminLearner', 'Audit'],
    }),
    learnerSetDisabled: build.mutation<null, { id: number; disabled: boolean }>({
      query: (payload) => ({ route: learnerAdminRoutes.learnerSetDisabled, payload: { ...payload } }),
      invalidatesTags: ['AdminLearner', 'Audit'],
    }),
    learnerEndSessions: build.mutation<{ ended: number }, { id: number }>({
      query: (payload) => ({ route: learnerAdminRoutes.learnerEndSessions, payload: { ...payload } }),
      invalidatesTags: ['AdminLearner', 'Audit'],
    }),
  }),
});

export const {
  useRefundRequeryMutation,
  useLazyAdminInvoicePdfQuery,
  useAdminLoginMutation,
  useAdminLogoutMutation,
  useAdminMeQuery,
  useAdminPasswordChangeMutation,
  useStaffListQuery,
  useStaffCreateMutation,
  useStaffUpdateMutation,
  useAuditListQuery,
  useLazyAuditListQuery,
  useLearnerListQuery,
  useLearnerDetailQuery,
  useFaceQueueQuery,
  useRefundQueueQuery,
  useOrderSearchQuery,
  useAdminOrderDetailQuery,
  useLazyFinanceSummaryQuery,
  useInvoiceQueueQuery,
  useInvoiceIssueMutation,
  useInvoiceRetryMutation,
  useInvoiceRefundMutation,
  useInvoiceRejectMutation,
  useRefundApproveMutation,
  useRefundRejectMutation,
  useFaceApproveMutation,
  useFaceRejectMutation,
  useFaceLessonChecksQuery,
  useFaceLessonFailMutation,
  useLearnerCreateMutation,
  useLazyLearnerImportTemplateQuery,
  useLearnerImportCheckMutation,
  useLearnerImportConfirmMutation,
  useLearnerResetPasswordMutation,
  useLearnerUnlockMutation,
  useLearnerSetDisabledMutation,
  useLearnerEndSessionsMutation,
  useReconciliationReportQuery,
  useReconciliationRunMutation,
} = adminApi;
