// expect: (nothing)
// A test may name the path it observes on the wire.
export const observedPath = '/v1/cancel';
