import type { ReactNode } from 'react';
import { BRAND_BLUE } from './section-box';

/**
 * A labelled form row and text inputs drawn like antd's horizontal Form, for short forms
 * that need none of antd's Form (its field store and async validator are about 35 KB gzip
 * with Input): the page keeps its values in state and checks them with the same pure rules
 * the server's contracts use. A row's problem is announced (role="alert") and tied to its
 * input with aria-describedby (`problemIdOf`).
 */
export const ERROR_RED = '#ff4d4f';

const STYLES = `
.site-input { width: 100%; padding: 4px 11px; font: inherit; font-size: 14px; line-height: 1.5715; color: rgba(0,0,0,.88);
  background: #fff; border: 1px solid #d9d9d9; border-radius: 6px; box-sizing: border-box; transition: border-color .2s, box-shadow .2s; }
input.site-input { height: 32px; }
textarea.site-input { display: block; resize: vertical; }
.site-input:hover { border-color: ${BRAND_BLUE}; }
.site-input:focus { outline: none; border-color: ${BRAND_BLUE}; box-shadow: 0 0 0 2px rgba(31,95,168,.15); }
.site-input[aria-invalid="true"] { border-color: ${ERROR_RED}; }
.site-input[aria-invalid="true"]:focus { box-shadow: 0 0 0 2px rgba(255,77,79,.15); }
`;

export const problemIdOf = (inputId: string) => `${inputId}-problem`;

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
      style={{ color: ERROR_RED, fontSize: 14, lineHeight: 1.5715, minHeight: 18 }}
    >
      {problem}
    </div>
  );
}

export function FormRow({
  label,
  inputId,
  required = false,
  problem,
  labelWidth = 120,
  children,
}: {
  /** Without it, the row is the buttons' row, lined up under the inputs. */
  label?: string;
  inputId?: string;
  required?: boolean;
  problem?: string;
  labelWidth?: number;
  children: ReactNode;
}) {
  return (
    <div style={{ display: 'flex', alignItems: 'flex-start', marginBottom: problem ? 6 : 24 }}>
      <div style={{ flex: `0 0 ${labelWidth}px`, paddingRight: 8, textAlign: 'right', lineHeight: '32px' }}>
        {label && (
          <label htmlFor={inputId} style={{ color: 'rgba(0,0,0,.88)', fontSize: 14 }}>
            {required && (
              <span aria-hidden="true" style={{ color: ERROR_RED, marginRight: 4 }}>
                *
              </span>
            )}
            {label}：
          </label>
        )}
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        {children}
        {problem && inputId && <FieldProblem inputId={inputId} problem={problem} />}
      </div>
    </div>
  );
}
