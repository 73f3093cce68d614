import './zod-setup';
import { z } from 'zod';
import { defineEndpoint, noPayload } from './endpoint';
import * as enrolmentRoutes from './routes/enrolment';
import { wholeNumberSchema } from './request-numbers';

/**
 * Course selection and payment (spec 02 §7 "Professional courses", "Public courses";
 * spec 01 §7 academic_year, order, order_status, order_detail). Hours and credits are
 * numbers with one decimal (4.5), prices are yuan with two decimals (`price`) — the
 * database keeps tenths and fen.
 */

// Defined without zod for the browser (the pay and selection pages); the server takes them
// from here with the schemas.
export { PAYMENT_VALID_MINUTES, PAY_TYPE, orderNameOf } from './payment-rules';

const yearSchema = wholeNumberSchema(2000, 2100);
/** A comma-joined id list as the original client sends it; parsed by the rules. */
const idListSchema = z.string({ error: '请选择课程' }).max(2000);
/** Order numbers are digits only (the invoice form accepts nothing else). */
export const orderNoSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,32}$/, { error: '订单号格式错误' }));

export const academicYearSchema = z.object({ year: z.number().int(), is_buxue: z.number().int() });
export type AcademicYear = z.infer<typeof academicYearSchema>;

export const courseTypeInfoSchema = z.object({ need_all: z.number().int(), msg1: z.string() });
export type CourseTypeInfo = z.infer<typeof courseTypeInfoSchema>;

export const selectionCourseSchema = z.object({
  cid: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  thumb: z.string(),
  teacher: z.string(),
  credit: z.number(),
  class_hour: z.number(),
  /** 1 compulsory, 2 elective. */
  course_type: z.number().int(),
  /** Yuan, two decimals. */
  price: z.number(),
  learn_progress: z.number().int(),
  is_grade: z.number().int(),
  /** 1 when the learner already holds the course (paid for, or signed up): it cannot be chosen again. */
  is_buy: z.number().int(),
  /** 1 for face-to-face courses: shown, never selectable. */
  face_to_face: z.number().int(),
});
export type SelectionCourse = z.infer<typeof selectionCourseSchema>;

export const webCoursesSchema = z.object({
  courses: z.array(selectionCourseSchema),
  /** Comma-joined elective cids of the learner's last sign-up for the year (pre-selected). */
  car: z.string(),
});
export type WebCourses = z.infer<typeof webCoursesSchema>;

export const validationResultSchema = z.object({
  remain_class_hour: z.number(),
  current_class_hour: z.number(),
  year_class_hour: z.number(),
  /** Yuan of this selection, as the server computes it. */
  current_money: z.number(),
  msg2: z.string(),
});
export type ValidationResult = z.infer<typeof validationResultSchema>;

export const orderRequestSchema = z.strictObject({
  year: yearSchema,
  cids: idListSchema,
  /** Education type: 1 professional. */
  type: wholeNumberSchema(1, 1).default(1),
  /** The price the page showed, in yuan: only compared with the server's, never charged. */
  price: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,9}(\.\d{1,2})?$/)
        .transform(Number),
    ])
    .optional(),
  /** Set when paying an existing order again (continue pay, repay). */
  order_id: z.union([orderNoSchema, z.literal('')]).optional(),
  pay_type: z
    .union([
      z.literal(2),
      z.literal(3),
      z.literal('2').transform(() => 2 as const),
      z.literal('3').transform(() => 3 as const),
    ])
    .default(3),
});

export const orderResponseSchema = z.object({
  order_id: z.string(),
  /** Pay type 3: `{ qrcode_url }`; pay type 2: the checkout address to send the browser to. */
  orderSig: z.union([z.object({ qrcode_url: z.string() }), z.string()]),
  price: z.number(),
  expires_at: z.string(),
  /**
   * The numbers of the learner's unpaid or failed orders of the year that this new order
   * replaced (they are cancelled, so no course is ordered twice); empty when paying an
   * existing order again. The payment page tells the learner.
   */
  replaced_orders: z.array(z.string()),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

export const orderStatusSchema = z.object({
  order_id: z.string(),
  pay_status: z.number().int(),
  year: z.number().int(),
  order_name: z.string(),
  price: z.number(),
  pay_type: z.number().int(),
  /** When an unpaid order is closed (ISO time). */
  pay_deadline: z.string(),
  /** pay_status 3 only: 'declined' or 'expired' (order-states.ts PAY_FAILURE); null otherwise. */
  pay_failure: z.enum(['declined', 'expired']).nullable(),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * An unpaid or failed order of a year that a new order for that year would replace
 * (`replaceableOrders`): the payment page says so before the learner confirms.
 */
export const replaceableOrderSchema = z.object({
  order_id: z.string(),
  order_name: z.string(),
  price: z.number(),
  pay_status: z.number().int(),
  pay_failure: z.enum(['declined', 'expired']).nullable(),
  /** Beijing time, 'YYYY-MM-DD HH:mm:ss'. */
  create_time: z.string(),
});
export type ReplaceableOrder = z.infer<typeof replaceableOrderSchema>;

export const orderDetailCourseSchema = z.object({
  cid: z.number().int(),
  name: z.string(),
  class_hour: z.number(),
  credit: z.number(),
  price: z.number(),
});
export type OrderDetailCourse = z.infer<typeof orderDetailCourseSchema>;

const orderIdPayload = z.strictObject({ order_id: orderNoSchema });

export const enrolmentEndpoints = {
  academicYear: defineEndpoint({
    ...enrolmentRoutes.academicYear,
    request: noPayload,
    response: z.array(academicYearSchema),
  }),
  getCourseType: defineEndpoint({
    ...enrolmentRoutes.getCourseType,
    request: z.strictObject({ year: yearSchema }),
    response: courseTypeInfoSchema,
  }),
  webcourses: defineEndpoint({
    ...enrolmentRoutes.webcourses,
    request: z.strictObject({ year: yearSchema, type: wholeNumberSchema(1, 2).default(1) }),
    response: webCoursesSchema,
  }),
  signupOnce: defineEndpoint({
    ...enrolmentRoutes.signupOnce,
    request: z.strictObject({ year: yearSchema, cids: idListSchema }),
    response: z.null(),
  }),
  validate: defineEndpoint({
    ...enrolmentRoutes.validate,
    // `hours` is what the page counted; the server counts again and ignores it.
    request: z.strictObject({
      year: yearSchema,
      cids: idListSchema,
      hours: z.union([z.number(), z.string().max(20)]).optional(),
    }),
    response: validationResultSchema,
  }),
  order: defineEndpoint({
    ...enrolmentRoutes.order,
    request: orderRequestSchema,
    response: orderResponseSchema,
  }),
  orderStatus: defineEndpoint({
    ...enrolmentRoutes.orderStatus,
    request: orderIdPayload,
    response: orderStatusSchema,
  }),
  replaceableOrders: defineEndpoint({
    ...enrolmentRoutes.replaceableOrders,
    request: z.strictObject({ year: yearSchema }),
    response: z.array(replaceableOrderSchema),
  }),
  orderDetail: defineEndpoint({
    ...enrolmentRoutes.orderDetail,
    request: orderIdPayload,
    response: z.array(orderDetailCourseSchema),
  }),
  publicCoursesYear: defineEndpoint({
    ...enrolmentRoutes.publicCoursesYear,
    request: noPayload,
    response: z.array(academicYearSchema),
  }),
  publicCoursesList: defineEndpoint({
    ...enrolmentRoutes.publicCoursesList,
    request: z.strictObject({ year: yearSchema, type: wholeNumberSchema(1, 2).default(1) }),
    response: z.array(selectionCourseSchema),
  }),
  publicCoursesSignupOnce: defineEndpoint({
    ...enrolmentRoutes.publicCoursesSignupOnce,
    request: z.strictObject({ year: yearSchema, course_ids: idListSchema }),
    response: z.null(),
  }),
};
