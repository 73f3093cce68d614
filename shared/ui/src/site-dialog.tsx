import { useEffect, useId, useRef, type ReactNode } from 'react';
import { SiteButton } from './site-button';
import { tokens } from './site-tokens';

/**
 * A modal dialog on the browser's own `<dialog>` (focus trap, Escape, top layer, inert
 * page behind), drawn like antd's Modal: title, ×, body, 取消/确定. For dialogs of the
 * first page, which renders without antd (antd's Modal brings rc-dialog, motion and its
 * styles: ≈ 25 KB gzip).
 */
export interface SiteDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  okText: string;
  onOk: () => void;
  /** ×, Escape, a click beside the dialog, and the cancel button when there is one. */
  onCancel: () => void;
  /** Without it, the dialog has no cancel button (× and Escape still cancel). */
  cancelText?: string;
  /** After the dialog has closed and the browser has put focus back where it was. */
  afterClose?: () => void;
  /** Pixels, or any CSS width (`30%`). */
  width?: number | string;
}

const STYLES = `
.site-dialog { padding: 0; border: none; border-radius: 8px; box-shadow: var(--ys-box-shadow);
  max-width: calc(100vw - 32px); color: var(--ys-color-text); font-size: 14px; line-height: var(--ys-line-height); }
.site-dialog::backdrop { background: var(--ys-color-bg-mask); }
`;

export function SiteDialog({
  open,
  title,
  children,
  okText,
  onOk,
  onCancel,
  cancelText,
  afterClose,
  width = 520,
}: SiteDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const okButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      // A modal needs the document: a page drawn before it is shown (the shell builds the
      // site out of the document while the server's HTML is on screen) opens it once there.
      let frame = 0;
      const show = () => {
        if (!element.isConnected) {
          frame = requestAnimationFrame(show);
          return;
        }
        element.showModal();
        // Enter confirms, as in antd's confirm dialogs.
        okButton.current?.focus();
      };
      show();
      return () => cancelAnimationFrame(frame);
    } else if (!open && element.open) {
      element.close();
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="site-dialog"
      // Named by its title only while open (the title is drawn then): a closed dialog in a
      // hydrated page keeps no reference to an id that React names differently on the server.
      aria-labelledby={open ? titleId : undefined}
      // A percentage width stays readable on a narrow window.
      style={{ width, minWidth: 'min(360px, calc(100vw - 32px))' }}
      // Escape: the parent decides (it owns `open`), the browser does not close it behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClose={() => afterClose?.()}
      // The dialog element itself is hit only beside the content: on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <style href="yaoshi-site-dialog" precedence="default">
        {STYLES}
      </style>
      {open && (
        <div style={{ padding: '20px 24px' }}>
          <div
            style={{
              display: 'flex',
              alignItems: 'flex-start',
              justifyContent: 'space-between',
              gap: 16,
              marginBottom: 8,
            }}
          >
            <h2 id={titleId} style={{ margin: 0, fontSize: 16, fontWeight: 600, lineHeight: 1.5 }}>
              {title}
            </h2>
            <button
              type="button"
              aria-label="关闭"
              onClick={onCancel}
              style={{
                width: 32,
                height: 32,
                margin: '-6px -10px 0 0',
                border: 'none',
                borderRadius: 4,
                background: 'transparent',
                color: tokens.colorTextDescription,
                fontSize: 20,
                lineHeight: 1,
                cursor: 'pointer',
              }}
            >
              ×
            </button>
          </div>
          <div>{children}</div>
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
            {cancelText && <SiteButton onClick={onCancel}>{cancelText}</SiteButton>}
            <SiteButton ref={okButton} variant="primary" onClick={onOk}>
              {okText}
            </SiteButton>
          </div>
        </div>
      )}
    </dialog>
  );
}
