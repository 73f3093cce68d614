import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Clock } from '../clock';
import {
  taxIncludedFen,
  type InvoiceProvider,
  type InvoiceResult,
  type InvoiceSubmission,
  type IssuedInvoice,
} from './invoice-provider';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * `INVOICE_PROVIDER=sandbox` (issue 37): development and a declared staging site only
 * (production refuses it at start, invoice-config.ts). Issues at once, with a number of our
 * own (FP + day + the serial number's last 6 digits, as before issue 37), and draws the PDF
 * itself, marked 测试发票（无效） in its title and across the page. Stateless: the same serial
 * number always gives the same invoice, so a retry never issues another.
 */
export function createSandboxInvoiceProvider(deps: {
  clock: Clock;
  sellerName: () => Promise<string>;
}): InvoiceProvider {
  const issuedOf = (submission: InvoiceSubmission, prefix: string, sign: 1 | -1): IssuedInvoice => {
    const issuedAt = deps.clock.now();
    const day = formatBeijingTime(issuedAt).slice(0, 10).replace(/-/g, '');
    return {
      providerSerial: `SANDBOX-${submission.serialNo}`,
      invoiceNo: `${prefix}${day}${submission.serialNo.slice(-6)}`,
      invoiceCode: '',
      issuedAt,
      amountFen: sign * submission.amountFen,
      taxFen: sign * taxIncludedFen(submission.amountFen, submission.line.taxRate),
      pdfUrl: null,
      ofdUrl: null,
    };
  };
  const issued = (invoice: IssuedInvoice): InvoiceResult => ({ kind: 'issued', invoice });
  return {
    name: 'sandbox',
    issue: (submission) => Promise.resolve(issued(issuedOf(submission, 'FP', 1))),
    query: (submission) => Promise.resolve(issued(issuedOf(submission, 'FP', 1))),
    redLetter: ({ serialNo, submission }) => Promise.resolve(issued(issuedOf({ ...submission, serialNo }, 'HC', -1))),
    async pdfOf(invoice, submission) {
      return renderInvoicePdf({
        invoiceNo: invoice.invoiceNo,
        issuedOn: formatBeijingTime(invoice.issuedAt).slice(0, 10),
        seller: await deps.sellerName(),
        title: submission.buyerName,
        taxNumber: submission.buyerTaxNumber,
        items: [{ name: submission.line.name, amountFen: invoice.amountFen }],
        amountFen: invoice.amountFen,
        tax: { fen: invoice.taxFen, rate: submission.line.taxRate },
        testInvoice: true,
      });
    },
  };
}
