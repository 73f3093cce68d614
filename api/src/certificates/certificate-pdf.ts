import QRCode from 'qrcode';
import { formatOneDecimal, fromTenths } from '@yaoshi/contracts/study-rules';
import { COURSE_KIND_NAMES } from '@yaoshi/contracts/site-names';
import { renderCjkPdf } from '../pdf/cjk-pdf';
import type { CertificateCourse } from './certificates-schema';

/** What the 学时证明 PDF shows (issue 20), as recorded when it was issued. */
export interface CertificateDocument {
  certificateNo: string;
  learnerName: string;
  idNumberMasked: string;
  year: number;
  courses: readonly CertificateCourse[];
  professionalTenths: number;
  publicTenths: number;
  issuer: string;
  /** 'YYYY-MM-DD'. */
  issuedOn: string;
  /** The public page that verifies it; the QR code points there. */
  verifyUrl: string;
}

/** The QR code's side on the page, in points, and its quiet zone in modules. */
const QR_SIZE_PT = 110;
const QR_QUIET_MODULES = 2;

const hours = (tenths: number) => formatOneDecimal(fromTenths(tenths));

/** Draws the QR code of `text` as black squares, `size` points wide, at (x, y). */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cells = modules.size + 2 * QR_QUIET_MODULES;
  const cell = size / cells;
  doc.save();
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1)
      if (modules.get(row, col))
        doc.rect(x + (col + QR_QUIET_MODULES) * cell, y + (row + QR_QUIET_MODULES) * cell, cell, cell);
  doc.fill('#000000');
  doc.restore();
}

export function renderCertificatePdf(certificate: CertificateDocument): Promise<Buffer> {
  return renderCjkPdf(`学时证明 ${certificate.certificateNo}`, (doc) => {
    const total = certificate.professionalTenths + certificate.publicTenths;
    doc.fontSize(24).text('继续教育学时证明', { align: 'center' });
    doc.moveDown(0.5);
    doc.fontSize(10).text(`证书编号：${certificate.certificateNo}`, { align: 'right' });
    doc.moveDown();
    doc.fontSize(12);
    doc.text(`姓名：${certificate.learnerName}`);
    doc.text(`身份证号：${certificate.idNumberMasked}`);
    doc.text(`学习年度：${certificate.year}年度`);
    doc.moveDown(0.5);
    doc.text(`兹证明该学员已完成${certificate.year}年度继续教育学习。`);
    doc.text(`合计：${hours(total)}学时`);
    doc.text(`${COURSE_KIND_NAMES.professional}：${hours(certificate.professionalTenths)}学时`);
    doc.text(`${COURSE_KIND_NAMES.public}：${hours(certificate.publicTenths)}学时`);
    doc.moveDown();
    doc.fontSize(12).text('课程及学时');
    doc.fontSize(10);
    for (const course of certificate.courses)
      doc.text(`${COURSE_KIND_NAMES[course.kind]}  ${course.name}  ${hours(course.classHourTenths)}学时`);
    doc.moveDown();
    doc.fontSize(12);
    doc.text(`发证单位：${certificate.issuer}`);
    doc.text(`发证日期：${certificate.issuedOn}`);
    doc.moveDown();
    const top = doc.y;
    drawQrCode(doc, certificate.verifyUrl, doc.page.margins.left, top, QR_SIZE_PT);
    doc
      .fontSize(9)
      .text(
        `扫码或访问以下地址验证真伪：\n${certificate.verifyUrl}`,
        doc.page.margins.left + QR_SIZE_PT + 12,
        top + 30,
        {
          width: doc.page.width - doc.page.margins.right - doc.page.margins.left - QR_SIZE_PT - 12,
        },
      );
  });
}
