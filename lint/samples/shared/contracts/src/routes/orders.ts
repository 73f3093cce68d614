// expect: (nothing)
export const cancelOrder = { method: 'GET', path: '/v1/cancel', auth: true } as const;
