/**
 * `npm run admin`'s command line: the usage and the parsing, with nothing of the API behind it,
 * so a mistyped command is answered (exit 2) before the database or the API's modules load.
 */
import { normalizeIdNumber, isValidIdNumber } from '@yaoshi/contracts/identity-rules';
import { isOrderNo } from '@yaoshi/contracts/order-rules';
import { isStaffRole, STAFF_ROLES, STAFF_USERNAME_PATTERN, type StaffRole } from '@yaoshi/contracts/staff-roles';
import type { ReviewDecision } from '../face-photos/face-photos';

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
