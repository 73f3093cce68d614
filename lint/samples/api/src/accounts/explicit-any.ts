// expect: @typescript-eslint/no-explicit-any
export const lastPayloads: any[] = [];
