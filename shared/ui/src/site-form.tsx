import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * A labelled form row and text inputs drawn like antd's Form (horizontal, or vertical:
 * the label above), for short forms that need none of antd's Form (its field store and
 * async validator are about 35 KB gzip with Input): the page keeps its values in state and
 * checks them with the same pure rules the server's contracts use. A row's problem is
 * announced (role="alert") and tied to its input with aria-describedby (`problemIdOf`,
 * `problemPropsOf`). `PasswordInput` is the login box's and 修改密码's, with antd's eye.
 */

const STYLES = `
.site-input { width: 100%; padding: 4px 11px; font: inherit; font-size: 14px; line-height: var(--ys-line-height); color: var(--ys-color-text);
  background: var(--ys-color-bg-container); border: 1px solid var(--ys-color-border); border-radius: 6px; box-sizing: border-box; transition: border-color .2s, box-shadow .2s; }
input.site-input { height: 32px; }
textarea.site-input { display: block; resize: vertical; }
.site-input:hover { border-color: ${tokens.colorPrimary}; }
.site-input:focus { outline: none; border-color: ${tokens.colorPrimary}; box-shadow: 0 0 0 2px var(--ys-control-outline); }
.site-input[aria-invalid="true"] { border-color: ${tokens.colorError}; }
.site-input[aria-invalid="true"]:focus { box-shadow: 0 0 0 2px var(--ys-color-error-outline); }
.site-input:disabled { color: var(--ys-color-text-disabled); background: var(--ys-color-bg-container-disabled); border-color: var(--ys-color-border); cursor: not-allowed; }
`;

export const problemIdOf = (inputId: string) => `${inputId}-problem`;

export const hintIdOf = (inputId: string) => `${inputId}-hint`;

/**
 * An input's aria-invalid and aria-describedby: its problem (under it, `FieldProblem`) while
 * one shows, then its row's hint if it has one (`hinted`).
 */
export function problemPropsOf(inputId: string, problem: string | undefined, hinted = false) {
  const describedBy = [problem ? problemIdOf(inputId) : '', hinted ? hintIdOf(inputId) : ''].filter(Boolean);
  return {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  };
}

/**
 * A required text's problem: blank once trimmed (as the server trims) is `required`; then
 * `test`, if any, must accept the trimmed text, or the problem is `invalid`. A value that
 * is not text (an unset choice) counts as blank.
 */
export function requiredText(required: string, test?: (text: string) => boolean, invalid?: string) {
  return (value: string | number | undefined): string | undefined => {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (!trimmed) return required;
    return test && !test(trimmed) ? invalid : undefined;
  };
}

/**
 * At 提交: focuses the input of the first of `fields` (in the form's order) that has a
 * problem, and tells whether one had.
 */
export function focusFirstProblem<F extends string>(
  fields: readonly F[],
  problems: Partial<Record<F, string | undefined>>,
  inputIdOf: (field: F) => string,
): boolean {
  const first = fields.find((field) => problems[field]);
  if (first !== undefined) document.getElementById(inputIdOf(first))?.focus();
  return first !== undefined;
}

/** The input styles, once per page (a hoisted stylesheet). */
export function SiteInputStyles() {
  return (
    <style href="yaoshi-site-input" precedence="default">
      {STYLES}
    </style>
  );
}

/** A field's problem under it: announced, and tied to its input (aria-describedby = problemIdOf). */
export function FieldProblem({ inputId, problem }: { inputId: string; problem: string }) {
  return (
    <div
      id={problemIdOf(inputId)}
      role="alert"
      style={{ color: tokens.colorTextError, fontSize: 14, lineHeight: tokens.lineHeight, minHeight: 18 }}
    >
      {problem}
    </div>
  );
}

/** A row's problem takes the gap under the row, as antd's does: showing one moves nothing below it. */
const ROW_GAP = 24;

export function FormRow({
  label,
  inputId,
  required = false,
  problem,
  labelWidth = 120,
  hint,
  layout = 'horizontal',
  children,
}: {
  /** Without it, the row is the buttons' row, lined up under the inputs. */
  label?: string;
  inputId?: string;
  required?: boolean;
  problem?: string;
  labelWidth?: number;
  /**
   * A line under the input, such as what the field is for (antd's `extra`): it stays when a
   * problem shows, under it, so the row does not change height. Its id is `hintIdOf(inputId)`.
   */
  hint?: ReactNode;
  /** `vertical`: the label above the input, without a colon (antd's `layout="vertical"`). */
  layout?: 'horizontal' | 'vertical';
  children: ReactNode;
}) {
  const vertical = layout === 'vertical';
  const labelElement = label && (
    <label htmlFor={inputId} style={{ color: tokens.colorText, fontSize: 14 }}>
      {required && (
        <span aria-hidden="true" style={{ color: tokens.colorError, marginRight: 4 }}>
          *
        </span>
      )}
      {label}
      {vertical ? '' : '：'}
    </label>
  );
  const problemLine = problem && inputId && (
    <div style={{ minHeight: ROW_GAP }}>
      <FieldProblem inputId={inputId} problem={problem} />
    </div>
  );
  const hintLine = hint && (
    <div
      id={inputId && hintIdOf(inputId)}
      style={{ color: tokens.colorTextDescription, fontSize: 14, lineHeight: tokens.lineHeight }}
    >
      {hint}
    </div>
  );
  const marginBottom = problemLine ? 0 : ROW_GAP;
  if (vertical) {
    return (
      <div style={{ marginBottom }}>
        {labelElement && (
          <div style={{ paddingBottom: 8, fontSize: 14, lineHeight: tokens.lineHeight }}>{labelElement}</div>
        )}
        {children}
        {problemLine}
        {hintLine}
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', alignItems: 'flex-start', marginBottom }}>
      <div
        style={{
          flex: `0 0 ${labelWidth}px`,
          height: 32,
          paddingRight: 8,
          textAlign: 'right',
          lineHeight: '32px',
          whiteSpace: 'nowrap',
        }}
      >
        {labelElement}
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        {children}
        {problemLine}
        {hintLine}
      </div>
    </div>
  );
}

/** antd's font, for Latin text (characters it lacks, CJK, come from the site's). */
const LATIN_FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** The password's show/hide eye (crossed out while the password is hidden). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

/**
 * A password input (a `site-input`) with an eye that shows the password while pressed, as
 * antd's Input.Password. The eye is named 显示 (show), not anything with 密码 in it: the
 * field is found by its label (密码, 新密码). Its characters are drawn in a Latin font, as antd's are: the site's
 * CJK font spaces a hidden password's dots wide apart.
 */
export function PasswordInput({
  className = 'site-input',
  style,
  ...input
}: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div style={{ position: 'relative' }}>
      <input
        {...input}
        className={className}
        type={shown ? 'text' : 'password'}
        style={{ paddingRight: 44, fontFamily: LATIN_FONT, ...style }}
      />
      <button
        type="button"
        aria-label="显示"
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
        style={{
          position: 'absolute',
          right: 2,
          top: 2,
          width: 40,
          height: 28,
          border: 'none',
          background: 'transparent',
          color: tokens.colorTextDescription,
          cursor: 'pointer',
          padding: 0,
        }}
      >
        <EyeIcon crossed={!shown} />
      </button>
    </div>
  );
}
