/**
 * What the order table needs from study, defined here so that the arrows run one way
 * (study refers to orders' enrolments, never the reverse): which paid orders have learning
 * begun on one of their courses, where no refund is allowed (spec 01 §4). Study implements
 * it (`study/learning-begun.ts`) and `app.ts` wires it in.
 */
export interface OrderLearning {
  /** The ids among `orderIds` whose learning has begun, in one query. */
  ordersWithLearningBegun: (orderIds: readonly number[]) => Promise<Set<number>>;
}
