// expect: (nothing)
export const cancelLabel = '取消订单';
