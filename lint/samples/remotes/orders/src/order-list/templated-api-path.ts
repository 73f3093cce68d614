// expect: yaoshi/no-literal-api-path
export const topicPath = (topic: string) => `/v1/${topic}`;
