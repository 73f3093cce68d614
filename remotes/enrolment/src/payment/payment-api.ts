import { api } from '@yaoshi/api-client/api';
import type { OrderDetailCourse, OrderResponse, OrderStatus, ReplaceableOrder } from '@yaoshi/contracts/enrolment';

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
      query: (payload) => ({ method: 'POST', path: '/v1/order', payload: { ...payload } }),
      invalidatesTags: ['Order'],
    }),
    orderStatus: build.query<OrderStatus, string>({
      query: (orderId) => ({ method: 'GET', path: '/v1/order_status', payload: { order_id: orderId } }),
      keepUnusedDataFor: 0,
    }),
    /** The learner's unpaid or failed orders of a year, which a new order for it would cancel. */
    replaceableOrders: build.query<ReplaceableOrder[], number>({
      query: (year) => ({ method: 'GET', path: '/v1/replaceable_orders', payload: { year } }),
      providesTags: ['Order'],
      keepUnusedDataFor: 0,
    }),
    orderDetail: build.query<OrderDetailCourse[], string>({
      query: (orderId) => ({ method: 'GET', path: '/v1/order_detail', payload: { order_id: orderId } }),
    }),
  }),
});

export const { useCreateOrderMutation, useLazyOrderStatusQuery, useLazyOrderDetailQuery, useReplaceableOrdersQuery } =
  paymentApi;
