import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { formatYuan } from '@yaoshi/contracts/course-selection-rules';
import { maskPersonalIdNumber } from '@yaoshi/contracts/personal-data-rules';

/**
 * What each mail says (issue 37): Chinese subject and body, signed with the association's
 * name and contact from its profile (协会信息), and never a learner's ID number. Pure
 * functions of what the caller read, so each text is tested on its own.
 */

/** The association as a mail signs: its name and how to reach it (site settings). */
export interface MailSender {
  name: string;
  address: string;
  phones: readonly string[];
}

export interface ComposedMail {
  subject: string;
  body: string;
}

const ID_NUMBER_IN_TEXT = /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g;

/** Whatever reached a text (a title typed by the learner, a reason typed by staff): an 18-character ID number masked. */
export function withoutIdNumbers(text: string): string {
  return text.replace(ID_NUMBER_IN_TEXT, maskPersonalIdNumber);
}

function signature(sender: MailSender): string {
  const lines = ['', '——', sender.name];
  if (sender.phones.length > 0) lines.push(`联系电话：${sender.phones.join('、')}`);
  if (sender.address !== '') lines.push(`地址：${sender.address}`);
  lines.push('此邮件由系统自动发送，请勿直接回复。');
  return lines.join('\n');
}

function composed(subject: string, lines: readonly string[], sender: MailSender): ComposedMail {
  return { subject: withoutIdNumbers(subject), body: withoutIdNumbers([...lines, signature(sender)].join('\n')) };
}

export interface InvoiceMailFacts {
  orderNo: string;
  invoiceNo: string;
  invoiceTitle: string;
  amountFen: number;
  issuedAt: Date;
}

/** The issued invoice, its PDF attached (INVOICE_ATTACHMENT_NAME). */
export function invoiceMail(facts: InvoiceMailFacts, sender: MailSender): ComposedMail {
  return composed(
    `【${sender.name}】电子发票已开具（订单 ${facts.orderNo}）`,
    [
      '您好：',
      '',
      `您在${sender.name}继续教育平台的订单 ${facts.orderNo} 的电子发票已开具，发票文件见本邮件附件。`,
      '',
      `发票号码：${facts.invoiceNo}`,
      `发票抬头：${facts.invoiceTitle}`,
      `金额：¥${formatYuan(facts.amountFen)}`,
      `开具时间：${formatBeijingTime(facts.issuedAt)}`,
      '',
      '您也可以登录平台，在“我的订单”中下载发票，或要求重新发送本邮件。',
    ],
    sender,
  );
}

export function invoiceAttachmentName(invoiceNo: string): string {
  return `电子发票-${invoiceNo}.pdf`;
}

export type RefundResult = 'refunded' | 'failed' | 'rejected';

export interface RefundMailFacts {
  orderNo: string;
  amountFen: number;
  result: RefundResult;
  /** The channel's or staff's reason when it failed or was refused. */
  reason: string | null;
  decidedAt: Date;
}

const REFUND_RESULT_WORDS: Readonly<Record<RefundResult, string>> = {
  refunded: '已退款',
  failed: '退款失败',
  rejected: '退款申请未通过',
};

export function refundMail(facts: RefundMailFacts, sender: MailSender): ComposedMail {
  const words = REFUND_RESULT_WORDS[facts.result];
  const lines = ['您好：', '', `您在${sender.name}继续教育平台的订单 ${facts.orderNo} 的退款申请结果：${words}。`, ''];
  lines.push(`退款金额：¥${formatYuan(facts.amountFen)}`, `处理时间：${formatBeijingTime(facts.decidedAt)}`);
  if (facts.result === 'refunded') lines.push('', '款项将按原支付渠道退回，到账时间以支付渠道为准。');
  if (facts.reason) lines.push(`原因：${facts.reason}`);
  if (facts.result !== 'refunded') lines.push('', '如有疑问，请联系协会。');
  return composed(`【${sender.name}】退款结果：${words}（订单 ${facts.orderNo}）`, lines, sender);
}

export interface ReminderMailFacts {
  learnerName: string;
  year: number;
  requiredHours: string;
  earnedHours: string;
  missingHours: string;
  /** Where the learner opts out of reminders in one click (signed, no login). */
  unsubscribeUrl: string;
}

export function reminderMail(facts: ReminderMailFacts, sender: MailSender): ComposedMail {
  return composed(
    `【${sender.name}】${facts.year}年度继续教育学时提醒`,
    [
      `${facts.learnerName}，您好：`,
      '',
      `您${facts.year}年度的继续教育学时尚未完成：应修 ${facts.requiredHours} 学时，已获得 ${facts.earnedHours} 学时，还差 ${facts.missingHours} 学时。`,
      '请在年底前登录平台完成学习，以免影响您的执业注册。',
      '',
      `不想再收到学时提醒：${facts.unsubscribeUrl}`,
    ],
    sender,
  );
}

/** What waits for one staff member, by the queues their role can act on (counts only). */
export interface DigestCounts {
  refunds?: number;
  invoices?: number;
  /** Issued invoices whose latest mail bounced (已退信): 财务 asks the learner for another address. */
  bouncedInvoiceMails?: number;
  facePhotos?: number;
  archiveReviews?: number;
}

const DIGEST_LINES: ReadonlyArray<[keyof DigestCounts, string]> = [
  ['refunds', '待审核退款'],
  ['invoices', '待开具发票'],
  ['bouncedInvoiceMails', '发票邮件退信'],
  ['facePhotos', '待审核人脸照片'],
  ['archiveReviews', '待审核学习档案'],
];

export function digestMail(staffName: string, day: string, counts: DigestCounts, sender: MailSender): ComposedMail {
  const lines = [`${staffName}，您好：`, '', `截至 ${day}，等待您处理的事项：`];
  for (const [key, label] of DIGEST_LINES) {
    const count = counts[key];
    if (count !== undefined) lines.push(`${label}：${count} 项`);
  }
  lines.push('', '请登录管理后台处理。');
  return composed(`【${sender.name}】每日待办（${day}）`, lines, sender);
}
