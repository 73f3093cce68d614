import type { ReactNode } from 'react';
import { SectionBox } from '@yaoshi/ui/section-box';
import { tokens } from '@yaoshi/ui/site-tokens';
import { VERIFY_BUTTON_STYLE, VERIFY_INPUT_STYLE } from '../layout/page-styles';
import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { VERIFY_TEXTS } from './verify-texts';

/** Where /verify's form goes: its own address, `?no=…`. */
export const VERIFY_PATH = '/verify';

/**
 * /verify's page: the 证书编号 box in a GET form to `/verify?no=…` (it looks up before, and
 * without, the browser's script), and under it the answer (`answer`: a verdict, a message).
 * Drawn by the browser's page and by the server render: one markup for both.
 */
export function VerifyView({
  typed,
  onType,
  onLookUp,
  answer,
}: {
  /** The box's text. */
  typed: string;
  /** Browser only: the box is the page's state, and 验证 looks up without a page load. */
  onType?: ((text: string) => void) | undefined;
  onLookUp?: (() => void) | undefined;
  answer: ReactNode;
}) {
  return (
    <div>
      <PageBreadcrumb trail={[{ label: VERIFY_TEXTS.title }]} />
      <SectionBox title={VERIFY_TEXTS.title}>
        <form
          action={VERIFY_PATH}
          method="get"
          onSubmit={
            onLookUp &&
            ((event) => {
              event.preventDefault();
              onLookUp();
            })
          }
          style={{ maxWidth: 640, margin: '16px auto 32px', display: 'grid', gap: 16 }}
        >
          <div style={{ display: 'flex', gap: 8 }} role="search">
            <input
              aria-label="证书编号"
              name="no"
              maxLength={20}
              placeholder="证书编号"
              style={VERIFY_INPUT_STYLE}
              {...(onType
                ? { value: typed, onChange: (event) => onType(event.target.value) }
                : { defaultValue: typed })}
            />
            <button type="submit" style={VERIFY_BUTTON_STYLE}>
              验证
            </button>
          </div>
          {answer}
        </form>
      </SectionBox>
    </div>
  );
}

/** The words under the box with nothing asked yet. */
export function VerifyPrompt() {
  return <p style={{ color: tokens.colorTextDescription }}>{VERIFY_TEXTS.prompt}</p>;
}

/** A number that cannot be a certificate's. */
export function VerifyBadNumber() {
  return <p role="alert">{VERIFY_TEXTS.badNumber}</p>;
}

/** A lookup on its way (in the server's HTML: the browser asks, e.g. past the server's lookup limit). */
export function VerifyLooking() {
  return <p aria-busy="true">{VERIFY_TEXTS.loading}</p>;
}
