import type { ReactNode } from 'react';
import { Button, Modal, Space } from 'antd';
import { formatHours } from '@yaoshi/contracts/course-selection-rules';
import type { SelectionCourse } from '@yaoshi/contracts/enrolment';
import { CourseTable } from './course-table';
import { tokens } from '@yaoshi/ui/site-tokens';

/** The API sends hours with one decimal; the rules count tenths. */
export const toTenths = (hours: number) => Math.round(hours * 10);
export const courseTenths = (course: SelectionCourse) => ({ classHourTenths: toTenths(course.class_hour) });
export const fenOf = (course: SelectionCourse) => ({ priceFen: Math.round(course.price * 100) });

export function RulesDialog({
  open,
  rules,
  onClose,
}: {
  open: boolean;
  rules: { title: string; items: readonly string[] };
  onClose: () => void;
}) {
  return (
    <Modal title={rules.title} open={open} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <ol style={{ paddingLeft: 20 }}>
        {rules.items.map((item) => (
          <li key={item} style={{ marginBottom: 6 }}>
            {item}
          </li>
        ))}
      </ol>
    </Modal>
  );
}

export interface ImportantNotice {
  title: string;
  paragraphs: readonly string[];
  ok: string;
}

/** The important-notice dialog each selection page opens with (spec 02 §2); only its button closes it. */
export function ImportantNoticeDialog({
  notice,
  open,
  onClose,
}: {
  notice: ImportantNotice;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title={notice.title}
      open={open}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {notice.ok}
        </Button>
      }
    >
      {notice.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </Modal>
  );
}

export interface SelectionSummaryProps {
  kind: 'professional' | 'public';
  /** Hours the year requires; null when it requires none (make-up years). */
  requiredTenths: number | null;
  ownedTenths: number;
  chosen: SelectionCourse[];
  selectedTenths: number;
  /** The selection's price; professional only (public courses are free). */
  priceText?: string;
}

/** The selection summary: what is chosen, its hours and credits, and the price. */
export function SelectionSummary({
  kind,
  requiredTenths,
  ownedTenths,
  chosen,
  selectedTenths,
  priceText,
}: SelectionSummaryProps) {
  const credits = chosen.reduce((total, course) => total + toTenths(course.credit), 0);
  return (
    <section
      aria-label="已选课程汇总"
      style={{ background: tokens.colorBgMuted, padding: '12px 16px', margin: '16px 0', borderRadius: 6 }}
    >
      <p style={{ margin: '0 0 6px' }}>
        {requiredTenths !== null ? `本年度要求${formatHours(requiredTenths)}学时；` : '本年度不限学时；'}
        {ownedTenths > 0 ? `已${kind === 'public' ? '报名' : '购买'}${formatHours(ownedTenths)}学时；` : ''}
        本次已选<strong data-testid="chosen-count">{chosen.length}</strong>门课程，共
        <strong data-testid="chosen-hours">{formatHours(selectedTenths)}</strong>学时、
        {formatHours(credits)}学分
        {kind === 'professional' ? (
          <>
            ，合计<strong style={{ color: tokens.colorTextError }}>¥{priceText}</strong>
          </>
        ) : null}
      </p>
      {chosen.length > 0 ? (
        <p style={{ margin: 0, color: tokens.colorTextDescription }}>
          已选：{chosen.map((course) => course.name).join('、')}
        </p>
      ) : null}
    </section>
  );
}

/** The confirmation step of both selection pages: the chosen courses, their totals, back or sign up. */
export function ConfirmSelection({
  kind,
  year,
  chosen,
  summary,
  confirming,
  onBack,
  onConfirm,
}: {
  kind: 'professional' | 'public';
  year: number | null;
  chosen: SelectionCourse[];
  summary: ReactNode;
  confirming: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      <h2 style={{ fontSize: 18 }}>确认报名信息（{year}年度）</h2>
      <CourseTable title="已选课程" courses={chosen} showPrice={kind === 'professional'} />
      {summary}
      <Space>
        <Button onClick={onBack}>继续选课</Button>
        <Button type="primary" loading={confirming} onClick={onConfirm}>
          确认报名
        </Button>
      </Space>
    </>
  );
}
