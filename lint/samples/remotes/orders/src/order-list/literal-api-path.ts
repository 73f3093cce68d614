// expect: yaoshi/no-literal-api-path
export const cancelCall = { method: 'GET', path: '/v1/cancel' } as const;
