import { toCsv } from './csv';

test('quotes what needs quoting, neutralises formulas, starts with a BOM and ends lines with CRLF', () => {
  const csv = toCsv(
    [
      { a: '张三', b: 'x,"y"' },
      { a: '=SUM(A1)', b: null },
    ],
    [
      { title: '姓名', value: (row) => row.a },
      { title: '备注', value: (row) => row.b },
    ],
  );
  expect(csv).toBe('\uFEFF姓名,备注\r\n张三,"x,""y"""\r\n\'=SUM(A1),\r\n');
});
