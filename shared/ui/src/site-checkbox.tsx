import type { ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * A checkbox with its label, drawn like antd's Checkbox (16 px box in the primary colour)
 * without it: the native control, so keyboard, screen readers and forms behave as the
 * browser's own.
 */
export function Checkbox({
  checked,
  onChange,
  disabled = false,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label
      style={{
        display: 'inline-flex',
        alignItems: 'baseline',
        gap: 8,
        fontSize: 14,
        lineHeight: tokens.lineHeight,
        color: disabled ? tokens.colorTextDisabled : tokens.colorText,
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    >
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        style={{
          width: 16,
          height: 16,
          margin: 0,
          accentColor: tokens.colorPrimary,
          flex: 'none',
          alignSelf: 'center',
        }}
      />
      <span>{children}</span>
    </label>
  );
}
