import type PDFKitDocument from 'pdfkit';

/**
 * PDFs with Chinese text (invoices, 学时证明): pdfkit with Debian's Noto CJK
 * (fonts-noto-cjk), the Simplified Chinese face of the collection. The text is real text, so
 * it can be searched and checked (pdftotext).
 */
export const CJK_FONT_FILE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const CJK_FONT_NAME = 'NotoSansCJKsc-Regular';

/** An A4 document in the CJK font; `draw` writes it, and the promise gives the finished bytes. */
export async function renderCjkPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // pdfkit is loaded with the first PDF, not with the API (see spreadsheets/workbook.ts).
  const { default: PDFDocument }: { default: typeof PDFKitDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('cjk', CJK_FONT_FILE, CJK_FONT_NAME);
    doc.font('cjk');
    try {
      draw(doc);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    doc.end();
  });
}
