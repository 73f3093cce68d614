import { Input, Typography } from 'antd';
import { SafeHtml } from '@yaoshi/ui/safe-html';

/**
 * An HTML text with a live preview, sanitized exactly as the public site renders it (the
 * rich-text editor belongs to the articles part of issue 20). A controlled antd form field.
 */
export function HtmlField({
  value = '',
  onChange,
  label,
  rows = 8,
}: {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  rows?: number;
}) {
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <Input.TextArea
        aria-label={`${label}（HTML）`}
        value={value}
        rows={rows}
        onChange={(event) => onChange?.(event.target.value)}
        style={{ flex: '1 1 360px', fontFamily: 'monospace' }}
      />
      <section
        aria-label={`${label}预览`}
        style={{
          flex: '1 1 360px',
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          padding: '8px 12px',
          maxHeight: 360,
          overflowY: 'auto',
          background: '#fff',
        }}
      >
        <Typography.Text type="secondary">预览</Typography.Text>
        {value.trim() === '' ? (
          <Typography.Paragraph type="secondary">（空）</Typography.Paragraph>
        ) : (
          <SafeHtml html={value} />
        )}
      </section>
    </div>
  );
}
