import { renderCjkPdf } from '../pdf/cjk-pdf';

/** The invoice as a PDF (issue 18), in the site's CJK font (pdf/cjk-pdf.ts). */

export interface InvoiceDocument {
  invoiceNo: string;
  /** 'YYYY-MM-DD'. */
  issuedOn: string;
  seller: string;
  title: string;
  taxNumber: string | null;
  items: readonly { name: string; amountFen: number }[];
  amountFen: number;
  /** The tax inside `amountFen` and its rate, when known. */
  tax?: { fen: number; rate: string };
  /** The sandbox's invoices (issue 37): marked 测试发票（无效） in the title and across the page. */
  testInvoice?: boolean;
}

export const TEST_INVOICE_MARK = '测试发票（无效）';

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  return renderCjkPdf(`${invoice.testInvoice ? TEST_INVOICE_MARK : '电子发票'} ${invoice.invoiceNo}`, (doc) => {
    if (invoice.testInvoice) doc.fontSize(24).fillColor('red').text(TEST_INVOICE_MARK, { align: 'center' });
    doc.fillColor('black').fontSize(20).text('电子普通发票', { align: 'center' });
    doc.moveDown();
    doc.fontSize(11);
    doc.text(`发票号码：${invoice.invoiceNo}`);
    doc.text(`开票日期：${invoice.issuedOn}`);
    doc.text(`销售方：${invoice.seller}`);
    doc.moveDown(0.5);
    doc.text(`购买方名称（抬头）：${invoice.title}`);
    doc.text(`纳税人识别号：${invoice.taxNumber ?? '—'}`);
    doc.moveDown();
    doc.fontSize(12).text('项目');
    doc.fontSize(11);
    for (const item of invoice.items) doc.text(`${item.name}    ¥${yuan(item.amountFen)}`);
    doc.moveDown();
    if (invoice.tax) doc.text(`税率：${Number(invoice.tax.rate) * 100}%    税额：¥${yuan(invoice.tax.fen)}`);
    doc.fontSize(12).text(`价税合计：¥${yuan(invoice.amountFen)}`);
    if (invoice.testInvoice)
      doc.moveDown().fontSize(14).fillColor('red').text(`${TEST_INVOICE_MARK}：沙箱开具，不可报销`);
  });
}
