import { normalizeIdNumber, isValidIdNumber } from '@yaoshi/contracts/identity-rules';
import {
  PAY_STATUS_TEXT,
  RECEIPT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  type OrderState,
} from '@yaoshi/contracts/order-states';
import { isOrderNo } from '@yaoshi/contracts/order-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { reviewLatestFacePhoto, type ReviewDecision } from '../face-photos/face-photos';
import { failInvoice, type InvoiceOutcome } from '../invoices/invoice-processing';
import { approveInvoice, type InvoiceIssuing } from '../invoices/invoice-issuing';
import type { PaymentProvider } from '../payment/payment-provider';
import { isStaffRole, STAFF_ROLES, STAFF_USERNAME_PATTERN, type StaffRole } from '@yaoshi/contracts/staff-roles';
import { COMMAND_LINE_ACTOR } from '../audit/audit-log';
import { ApiError } from '../envelope/api-error';
import { createStaffAudited } from '../staff/staff-accounts';
import { approveRefund, completeRefund, rejectRefund, type RefundOutcome } from '../refunds/refund-processing';

export const ADMIN_USAGE = `用法：npm run admin -- <命令>（供程序读取 --json 输出时：npm run -s admin -- <命令>）

  avatar approve <身份证号>          通过该学员最近一次上传、待审核的人脸照片
  avatar reject <身份证号>           驳回该照片（学员下次登录须重新采集）
  refund approve <订单号>            通过退款申请，经支付渠道原路退款；成功后订单为已退款，所购课程撤销
  refund reject <订单号> [原因]      驳回退款申请（学员可重新申请）
  refund done <订单号>               支付渠道未确认的退款（退款中）再次向渠道确认并完成
  invoice issue <订单号>             发票申请审核通过（开具中）；对开具中的发票再运行一次即为已开具
  invoice fail <订单号> [原因]       开票失败（学员可重新申请）
  create-staff --name <姓名> --role <角色> [--role <角色>…] [--username <用户名>] [--json]
                                     新建工作人员账号（用户名默认为姓名），打印生成的密码和动态验证码绑定地址（otpauth）；
                                     --json 时输出一行 {"username","password","otpauth"}（用 npm run -s，
                                     否则 npm 会在标准输出先打印它自己的命令行）。角色：${STAFF_ROLES.join('、')}`;

/**
 * Every command of `npm run admin`, as typed: the usage test gives each one a mistake (exit 2)
 * and the all-writers test runs each one and requires an audit record of what it changed.
 */
export const ADMIN_COMMANDS = [
  'avatar approve',
  'avatar reject',
  'refund approve',
  'refund reject',
  'refund done',
  'invoice issue',
  'invoice fail',
  'create-staff',
] as const;
export type AdminCommandName = (typeof ADMIN_COMMANDS)[number];

/** Said on stderr when `--json` runs under an npm that has already printed its banner on stdout. */
export const ADMIN_JSON_HINT =
  '提示：npm 已在标准输出打印了它的命令行；程序读取 --json 输出时请用 npm run -s admin -- …（或 npm run --silent）';

/**
 * Whether the npm that started this process printed its "> script" banner on our stdout: it
 * does for every script unless its log level is silent (`-s`), which it passes on as
 * npm_config_loglevel.
 */
export function npmPrintedBanner(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.npm_lifecycle_event !== undefined && env.npm_config_loglevel !== 'silent';
}

export type RefundAction = 'approve' | 'reject' | 'done';
export type InvoiceAction = 'issue' | 'fail';

export type AdminCommand =
  | { kind: 'review-avatar'; decision: ReviewDecision; idNumber: string }
  | { kind: 'refund'; action: RefundAction; orderNo: string; reason: string }
  | { kind: 'invoice'; action: InvoiceAction; orderNo: string; reason: string }
  | { kind: 'create-staff'; name: string; username: string; roles: StaffRole[]; json: boolean };

/** What a command needs beyond the database: the payment gateway refunds go back through. */
export interface AdminServices {
  /** The configured gateway (`PAYMENT_PROVIDER`); with none, refunds are refused before anything changes. */
  paymentProvider: PaymentProvider | null;
  /** The configured e-invoice provider (`INVOICE_PROVIDER`); with none, `invoice issue` is refused. */
  invoicing?: InvoiceIssuing | null;
}

const DEFAULT_REASON = { reject: '退款申请未通过审核', fail: '开票失败' } as const;

/** The command in `argv` (after `--`), or an error text with the usage. */
export function parseAdminArgs(argv: readonly string[]): AdminCommand | { error: string } {
  if (argv[0] === 'create-staff') return parseCreateStaff(argv.slice(1));
  const [area, action, target, ...rest] = argv;
  if (target === undefined) return { error: ADMIN_USAGE };
  if (area === 'avatar' && (action === 'approve' || action === 'reject') && rest.length === 0) {
    if (!isValidIdNumber(target)) return { error: `身份证号不正确：${target}` };
    return { kind: 'review-avatar', decision: action, idNumber: normalizeIdNumber(target) };
  }
  const reasonAllowed = (area === 'refund' && action === 'reject') || (area === 'invoice' && action === 'fail');
  if (rest.length > 0 && !reasonAllowed) return { error: ADMIN_USAGE };
  const reason = rest.join(' ').trim();
  if (area === 'refund' && (action === 'approve' || action === 'reject' || action === 'done')) {
    if (!isOrderNo(target)) return { error: `订单号不正确：${target}` };
    return { kind: 'refund', action, orderNo: target, reason: reason || DEFAULT_REASON.reject };
  }
  if (area === 'invoice' && (action === 'issue' || action === 'fail')) {
    if (!isOrderNo(target)) return { error: `订单号不正确：${target}` };
    return { kind: 'invoice', action, orderNo: target, reason: reason || DEFAULT_REASON.fail };
  }
  return { error: ADMIN_USAGE };
}

function parseCreateStaff(args: readonly string[]): AdminCommand | { error: string } {
  let name = '';
  let username = '';
  let json = false;
  const roles: StaffRole[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const flag = args[i];
    if (flag === '--json') {
      json = true;
      continue;
    }
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) return { error: ADMIN_USAGE };
    i += 1;
    if (flag === '--name') name = value.trim();
    else if (flag === '--username') username = value.trim();
    else if (flag === '--role') {
      if (!isStaffRole(value)) return { error: `角色不存在：${value}（可选：${STAFF_ROLES.join('、')}）` };
      roles.push(value);
    } else return { error: ADMIN_USAGE };
  }
  if (name === '' || roles.length === 0) return { error: ADMIN_USAGE };
  username ||= name;
  if (!STAFF_USERNAME_PATTERN.test(username)) return { error: `用户名须为2至32个字符，不能含空格：${username}` };
  return { kind: 'create-staff', name, username, roles, json };
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
