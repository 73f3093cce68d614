import {
  PAY_STATUS_TEXT,
  RECEIPT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  type OrderState,
} from '@yaoshi/contracts/order-states';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { reviewLatestFacePhoto } from '../face-photos/face-photos';
import { failInvoice, type InvoiceOutcome } from '../invoices/invoice-processing';
import { approveInvoice, type InvoiceIssuing } from '../invoices/invoice-issuing';
import type { PaymentProvider } from '../payment/payment-provider';
import { COMMAND_LINE_ACTOR } from '../audit/audit-log';
import { ApiError } from '../envelope/api-error';
import type { AdminCommand, RefundAction } from './admin-args';
import { createStaffAudited } from '../staff/staff-accounts';
import { approveRefund, completeRefund, rejectRefund, type RefundOutcome } from '../refunds/refund-processing';

/** What a command needs beyond the database: the payment gateway refunds go back through. */
export interface AdminServices {
  /** The configured gateway (`PAYMENT_PROVIDER`); with none, refunds are refused before anything changes. */
  paymentProvider: PaymentProvider | null;
  /** The configured e-invoice provider (`INVOICE_PROVIDER`); with none, `invoice issue` is refused. */
  invoicing?: InvoiceIssuing | null;
}

export interface AdminResult {
  ok: boolean;
  message: string;
}

function stateText(state: OrderState): string {
  return `支付状态：${PAY_STATUS_TEXT[state.pay_status]}，退款状态：${REFUND_STATUS_TEXT[state.refund_status]}，发票状态：${RECEIPT_STATUS_TEXT[state.is_receipt]}`;
}

function refundResult(orderNo: string, action: RefundAction, outcome: RefundOutcome): AdminResult {
  switch (outcome.kind) {
    case 'no-such-order':
      return { ok: false, message: `没有订单号为 ${orderNo} 的订单` };
    case 'wrong-state':
      return {
        ok: false,
        message: `订单 ${orderNo} ${action === 'done' ? '没有退款中的申请' : '没有待审核的退款申请'}（${stateText(outcome.state)}）`,
      };
    case 'rejected':
      return { ok: true, message: `已驳回订单 ${orderNo} 的退款申请` };
    case 'refunded':
      return {
        ok: true,
        message: `订单 ${orderNo} 已退款（渠道退款号 ${outcome.providerRefundNo}），撤销课程 ${outcome.withdrawnEnrolments} 门`,
      };
    case 'refund-failed':
      return { ok: false, message: `订单 ${orderNo} 退款失败：${outcome.reason}（学员可重新申请）` };
    case 'provider-unreachable':
      return {
        ok: false,
        message: `订单 ${orderNo} 的退款已通过审核，但支付渠道未确认结果：${outcome.error}。请稍后运行 refund done ${orderNo}`,
      };
  }
}

function invoiceResult(orderNo: string, outcome: InvoiceOutcome): AdminResult {
  switch (outcome.kind) {
    case 'no-such-order':
      return { ok: false, message: `没有订单号为 ${orderNo} 的订单` };
    case 'wrong-state':
      return { ok: false, message: `订单 ${orderNo} 没有处理中的发票申请（${stateText(outcome.state)}）` };
    case 'issuing':
      return { ok: true, message: `订单 ${orderNo} 的发票申请已通过审核，开具中` };
    case 'failed':
      return { ok: true, message: `订单 ${orderNo} 的发票申请已标记为开票失败` };
  }
}

/** Runs a parsed command; returns the line to print and whether it succeeded. */
export async function runAdminCommand(
  db: Database,
  clock: Clock,
  command: AdminCommand,
  services: AdminServices = { paymentProvider: null },
): Promise<AdminResult> {
  switch (command.kind) {
    case 'review-avatar': {
      const outcome = await reviewLatestFacePhoto(db, clock, COMMAND_LINE_ACTOR, command.idNumber, command.decision);
      switch (outcome) {
        case 'reviewed':
          return {
            ok: true,
            message: `已${command.decision === 'approve' ? '通过' : '驳回'}学员 ${command.idNumber} 的人脸照片`,
          };
        case 'no-such-learner':
          return { ok: false, message: `没有身份证号为 ${command.idNumber} 的学员` };
        case 'nothing-to-review':
          return { ok: false, message: `学员 ${command.idNumber} 没有待审核的人脸照片` };
        default:
          return unexpectedOutcome(outcome);
      }
    }
    case 'refund': {
      if (command.action === 'reject')
        return refundResult(
          command.orderNo,
          command.action,
          await rejectRefund(db, clock, COMMAND_LINE_ACTOR, command.orderNo, command.reason),
        );
      const provider = services.paymentProvider;
      if (provider === null) return { ok: false, message: '未配置支付渠道，无法退款；订单未作任何改动' };
      const outcome =
        command.action === 'approve'
          ? await approveRefund(db, clock, provider, COMMAND_LINE_ACTOR, command.orderNo)
          : await completeRefund(db, clock, provider, COMMAND_LINE_ACTOR, command.orderNo);
      return refundResult(command.orderNo, command.action, outcome);
    }
    case 'create-staff': {
      try {
        const created = await createStaffAudited(db, clock, COMMAND_LINE_ACTOR, {
          name: command.name,
          username: command.username,
          roles: command.roles,
        });
        const message = command.json
          ? JSON.stringify({ username: created.username, password: created.password, otpauth: created.otpauth })
          : `已创建工作人员账号 ${created.username}（${command.roles.join('、')}）\n密码：${created.password}\n动态验证码绑定地址（用验证器应用扫描或输入）：${created.otpauth}\n密钥：${created.secret}\n密码只显示这一次，请妥善转交；首次登录管理后台时须修改密码。`;
        return { ok: true, message };
      } catch (error) {
        if (error instanceof ApiError) return { ok: false, message: error.message };
        throw error;
      }
    }
    case 'invoice': {
      if (command.action === 'issue') return issueThroughProvider(services.invoicing ?? null, command.orderNo);
      const outcome = await failInvoice(db, clock, COMMAND_LINE_ACTOR, command.orderNo, command.reason);
      return invoiceResult(command.orderNo, outcome);
    }
  }
}

/** `invoice issue`: approves and sends to the e-invoice provider, as 财务's button does (issue 37). */
async function issueThroughProvider(invoicing: InvoiceIssuing | null, orderNo: string): Promise<AdminResult> {
  if (invoicing === null) return { ok: false, message: '未配置开票平台（INVOICE_PROVIDER），无法开具发票' };
  try {
    const status = await approveInvoice(invoicing, COMMAND_LINE_ACTOR, orderNo);
    if (status.status === 'issued') return { ok: true, message: `订单 ${orderNo} 的发票已开具：${status.invoice_no}` };
    if (status.provider_error) return { ok: false, message: `订单 ${orderNo} 开票失败：${status.provider_error}` };
    return { ok: true, message: `订单 ${orderNo} 的发票已提交开票平台，开具中；结果请在管理后台查看` };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `订单 ${orderNo}：${error.message}` };
    throw error;
  }
}

/** A switch over every outcome: adding an outcome without its message fails the type check. */
function unexpectedOutcome(outcome: never): never {
  throw new Error(`unexpected outcome: ${String(outcome)}`);
}
