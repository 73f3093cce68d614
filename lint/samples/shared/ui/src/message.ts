// expect: (nothing)
export const savedText = '保存成功';
