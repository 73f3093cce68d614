import type { HTMLAttributes, ReactNode } from 'react';
import { tokens } from './site-tokens';

export type AlertType = 'info' | 'success' | 'warning' | 'error';

const LOOK: Record<AlertType, { icon: string; background: string; border: string }> = {
  info: { icon: tokens.colorInfo, background: tokens.colorInfoBg, border: tokens.colorInfoBorder },
  success: { icon: tokens.colorSuccess, background: tokens.colorSuccessBg, border: tokens.colorSuccessBorder },
  warning: { icon: tokens.colorWarning, background: tokens.colorWarningBg, border: tokens.colorWarningBorder },
  error: { icon: tokens.colorError, background: tokens.colorErrorBg, border: tokens.colorErrorBorder },
};

/** antd's filled circle icons, drawn: an exclamation (warning, error), an i (info), a tick (success). */
function AlertIcon({ type, large }: { type: AlertType; large: boolean }) {
  const size = large ? 24 : 14;
  const mark =
    type === 'success' ? (
      <path d="M4 7.2l2 2 4-4.2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    ) : type === 'info' ? (
      <>
        <circle cx="7" cy="3.9" r=".9" fill="currentColor" />
        <path d="M7 6v4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </>
    ) : (
      <>
        <path d="M7 3.5v4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        <circle cx="7" cy="10.3" r=".9" fill="currentColor" />
      </>
    );
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 14 14"
      aria-hidden="true"
      style={{ flex: 'none', color: tokens.colorTextLightSolid, marginTop: large ? 2 : 0 }}
    >
      <circle cx="7" cy="7" r="7" style={{ fill: LOOK[type].icon }} />
      {mark}
    </svg>
  );
}

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  type: AlertType;
  /** The alert's message (antd 6's `title`). */
  title: ReactNode;
  /** Further text under the title, as antd's `description`. */
  description?: ReactNode;
  /** Sits at the right (a button that resolves the alert); on a narrow box it wraps below the text. */
  action?: ReactNode;
}

/**
 * A box drawn like antd's `Alert showIcon` (info, success, warning, error), without it: antd's
 * is in the learner components' chunk, which pages that render without antd never load.
 * Errors and warnings are announced when they appear (role alert), the others politely (status).
 */
export function Alert({ type, title, description, action, style, ...rest }: AlertProps) {
  const look = LOOK[type];
  const withDescription = description !== undefined && description !== null;
  return (
    <div
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      {...rest}
      style={{
        display: 'flex',
        flexWrap: action ? 'wrap' : 'nowrap',
        alignItems: withDescription ? 'flex-start' : 'center',
        gap: withDescription ? 12 : 8,
        padding: withDescription ? '20px 24px' : '8px 12px',
        fontSize: 14,
        lineHeight: tokens.lineHeight,
        color: tokens.colorText,
        background: look.background,
        border: `1px solid ${look.border}`,
        borderRadius: 8,
        boxSizing: 'border-box',
        ...style,
      }}
    >
      <AlertIcon type={type} large={withDescription} />
      <div style={{ flex: action ? '1 1 320px' : '1 1 auto', minWidth: 0 }}>
        <div style={withDescription ? { fontSize: 16, marginBottom: 4 } : undefined}>{title}</div>
        {withDescription && <div>{description}</div>}
      </div>
      {action && <div style={{ flex: 'none', marginLeft: 'auto' }}>{action}</div>}
    </div>
  );
}

/** A warning with its text as children: the lesson pages' notices. */
export function WarningAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return <Alert type="warning" title={children} action={action} />;
}
