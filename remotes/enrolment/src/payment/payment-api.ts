import { api } from '@yaoshi/api-client/api';
import type { OrderDetailCourse, OrderResponse, OrderStatus, ReplaceableOrder } from '@yaoshi/contracts/enrolment';
import * as enrolmentRoutes from '@yaoshi/contracts/routes/enrolment';

export interface OrderRequest {
  year: number;
  cids: string;
  type: number;
  price: number;
  order_id: string;
  pay_type: 2 | 3;
}

/** Payment calls (spec 01 §7: order, order_status, order_detail), added to the shell's one api slice. */
export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation<OrderResponse, OrderRequest>({
      query: (payload) => ({ route: enrolmentRoutes.order, payload: { ...payload } }),
      invalidatesTags: ['Order'],
    }),
    orderStatus: build.query<OrderStatus, string>({
      query: (orderId) => ({ route: enrolmentRoutes.orderStatus, payload: { order_id: orderId } }),
      keepUnusedDataFor: 0,
    }),
    /** The learner's unpaid or failed orders of a year, which a new order for it would cancel. */
    replaceableOrders: build.query<ReplaceableOrder[], number>({
      query: (year) => ({ route: enrolmentRoutes.replaceableOrders, payload: { year } }),
      providesTags: ['Order'],
      keepUnusedDataFor: 0,
    }),
    orderDetail: build.query<OrderDetailCourse[], string>({
      query: (orderId) => ({ route: enrolmentRoutes.orderDetail, payload: { order_id: orderId } }),
    }),
  }),
});

export const { useCreateOrderMutation, useLazyOrderStatusQuery, useLazyOrderDetailQuery, useReplaceableOrdersQuery } =
  paymentApi;
