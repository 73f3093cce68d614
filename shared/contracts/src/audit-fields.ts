/**
 * How the audit trail reads as a ledger: who acted (a staff member by 姓名 and 用户名, the
 * command line, a release token, a background job or a payment gateway by name), and what
 * changed, field by field, with each field's name in Chinese. Shared by the console's page,
 * its CSV export and the server's tests.
 */
export const AUDIT_ACTOR_KINDS = ['staff', 'command-line', 'release-token', 'job', 'gateway'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_ACTOR_KIND_LABELS: Record<AuditActorKind, string> = {
  staff: '工作人员',
  'command-line': '命令行',
  'release-token': '发布令牌',
  job: '系统任务',
  gateway: '支付渠道',
};

/** 陈静（chenjing）; 命令行; 发布令牌 ci; 系统任务 orders-expire; 支付渠道 wechatpay. */
export function auditActorLabel(record: {
  actor_kind: AuditActorKind;
  actor: string;
  actor_name: string | null;
}): string {
  switch (record.actor_kind) {
    case 'staff':
      return record.actor_name ? `${record.actor_name}（${record.actor}）` : record.actor;
    case 'command-line':
      return record.actor === '命令行' ? '命令行' : `命令行 ${record.actor}`;
    default:
      return `${AUDIT_ACTOR_KIND_LABELS[record.actor_kind]} ${record.actor}`;
  }
}

/** The fields the trail records, in Chinese; a field not named here is shown by its key. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  id: '编号',
  name: '名称',
  username: '用户名',
  roles: '角色',
  disabled: '已停用',
  must_change_password: '须修改密码',
  locked_until: '锁定至',
  live_sessions: '在线会话数',
  status: '状态',
  state: '状态',
  request: '退款申请',
  refund_status: '退款状态',
  reason: '原因',
  merchantRefundNo: '商户退款号',
  merchant_refund_no: '商户退款号',
  providerRefundNo: '渠道退款号',
  provider_refund_no: '渠道退款号',
  merchantNo: '商户订单号',
  merchant_no: '商户订单号',
  tradeNo: '渠道交易号',
  trade_no: '渠道交易号',
  amountFen: '金额（分）',
  amount_fen: '金额（分）',
  gateway: '支付渠道',
  outcome: '结果',
  withdrawn_enrolments: '撤销课程数',
  version: '版本',
  remote: '模块',
  environment: '环境',
  from: '原版本',
  to: '新版本',
  percent: '灰度比例（%）',
  pinned: '固定版本',
  canary: '灰度版本',
  content_hash: '内容摘要',
  year: '年度',
  title: '标题',
  author: '作者',
  source: '来源',
  excerpt: '摘要',
  content: '正文',
  catid: '栏目',
  published_time: '发布时间',
  attachments: '附件',
  course_id: '课程',
  course_type: '课程类型',
  kind: '类别',
  avatar_status: '人脸照片状态',
  photo_id: '照片编号',
  verified_seconds: '已核验秒数',
  progress: '学习进度',
  revoked: '已撤销',
  valid: '有效',
  rows: '行数',
  imported: '已导入',
  skipped: '已跳过',
  failed: '失败',
  file: '文件',
  video: '视频',
  duration: '时长',
  generation: '版本号',
  export_id: '导出编号',
  text_ad: '文字广告',
  image_ad: '图片广告',
  opens_on: '开始报名日期',
  closes_on: '截止日期',
  hour_price: '学时单价',
  sort_order: '排序',
  course_count: '课程数',
  is_buxue: '补学年度',
  need_all: '须全部完成',
  course_type_tip: '课程类型说明',
  invoice_no: '发票号码',
  issued_at: '开具时间',
  deleted: '已删除',
  day: '日期',
  differences: '差异',
  attempts: '支付尝试',
  job: '任务',
};

export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? field;

/** A text a person would not read in a table cell: HTML, or longer than a line. */
export const LONG_TEXT_CHARS = 80;
export function isLongText(value: unknown): value is string {
  return typeof value === 'string' && (value.length > LONG_TEXT_CHARS || /<[a-z][^>]*>/i.test(value));
}

/** States the trail records by their code, in words. */
export const AUDIT_VALUE_LABELS: Record<string, string> = {
  draft: '草稿',
  published: '已发布',
  scheduled: '定时发布',
  reviewing: '待审核',
  refunding: '退款中',
  refunded: '已退款',
  rejected: '已驳回',
  failed: '失败',
  open: '待支付',
  paid: '已支付',
  closed: '已关闭',
  queued: '排队中',
  running: '进行中',
  done: '已完成',
  pending: '待审核',
  approved: '已通过',
  production: '生产环境',
  staging: '预发布环境',
};

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A value as a ledger cell: — for none, 是/否, states in words, lists joined with 、. */
export function auditValueText(value: unknown): string {
  if (isEmpty(value)) return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return AUDIT_VALUE_LABELS[value] ?? value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.length === 0 ? '—' : value.map((item) => auditValueText(item)).join('、');
  return JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
  /** Long text (HTML): shown as 正文已修改 with a diff on demand. */
  long: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changed fields of a record, before and after side by side. A creation lists what was
 * set, a deletion what was there; a field both sides have alike is left out. A value that is
 * not an object is one field named 内容.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = isRecord(before) ? before : before === null || before === undefined ? {} : { 内容: before };
  const a = isRecord(after) ? after : after === null || after === undefined ? {} : { 内容: after };
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => !same(b[field], a[field]) && !(isEmpty(b[field]) && isEmpty(a[field])))
    .map((field) => ({
      field,
      label: auditFieldLabel(field),
      before: b[field],
      after: a[field],
      long: isLongText(b[field]) || isLongText(a[field]),
    }));
}

export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** HTML or long text as lines: one per block tag or line break, so a diff reads paragraph by paragraph. */
export function textLines(text: string): string[] {
  return text
    .replace(/(<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote)>|<br\s*\/?>)/gi, '$1\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** A line diff (longest common subsequence) of two texts, for 正文已修改's 查看差异. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = textLines(before);
  const b = textLines(after);
  const lengths: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! });
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) {
      out.push({ kind: 'removed', text: a[i]! });
      i += 1;
    } else {
      out.push({ kind: 'added', text: b[j]! });
      j += 1;
    }
  }
  for (; i < a.length; i += 1) out.push({ kind: 'removed', text: a[i]! });
  for (; j < b.length; j += 1) out.push({ kind: 'added', text: b[j]! });
  return out;
}
