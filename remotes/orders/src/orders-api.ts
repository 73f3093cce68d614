import { api } from '@yaoshi/api-client/api';
import * as mailRoutes from '@yaoshi/contracts/routes/mail';
import type { CancelOrderRequest, InvoiceRequest, OrderRow, RefundRequest } from '@yaoshi/contracts/orders';
import * as orderRoutes from '@yaoshi/contracts/routes/orders';

/** The orders remote's calls (spec 02 §7), on the shell's one API slice. */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    myOrders: build.query<OrderRow[], void>({
      query: () => ({ route: orderRoutes.myOrders }),
      providesTags: ['Order'],
    }),
    cancelOrder: build.mutation<null, CancelOrderRequest>({
      query: (payload) => ({ route: orderRoutes.cancelOrder, payload: { ...payload } }),
      invalidatesTags: ['Order'],
    }),
    requestRefund: build.mutation<null, RefundRequest>({
      query: (payload) => ({ route: orderRoutes.requestRefund, payload: { ...payload } }),
      invalidatesTags: ['Order'],
    }),
    /** The issued invoice as a PDF (issue 18); fetched when the learner asks, never cached. */
    invoicePdf: build.query<{ file_name: string; pdf_base64: string }, { order_id: string }>({
      query: (payload) => ({ route: orderRoutes.invoicePdf, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
    /** The issued invoice mailed again to the email on the request (issue 37; rate-limited by the server). */
    resendInvoiceMail: build.mutation<{ to: string }, CancelOrderRequest>({
      query: (payload) => ({ route: mailRoutes.resendInvoiceMail, payload: { ...payload } }),
    }),
    submitInvoiceInforApi: build.mutation<null, InvoiceRequest>({
      query: (payload) => ({ route: orderRoutes.submitInvoiceInforApi, payload: { ...payload } }),
      invalidatesTags: ['Order'],
    }),
  }),
});

export const {
  useLazyInvoicePdfQuery,
  useMyOrdersQuery,
  useCancelOrderMutation,
  useRequestRefundMutation,
  useSubmitInvoiceInforApiMutation,
  useResendInvoiceMailMutation,
} = ordersApi;
