import { useState } from 'react';
import { Button, Modal, Typography, theme } from 'antd';
import type { AuditRecord } from '@yaoshi/contracts/audit-log';
import { auditChanges, auditValueText, lineDiff, type AuditChange } from '@yaoshi/contracts/audit-fields';

/** 正文已修改: a long text (HTML) changed; the diff opens on demand. */
export const LONG_TEXT_CHANGED = '正文已修改';

/**
 * What a record changed, one line per field: the field's name in Chinese, then before and
 * after side by side. A long text reads 正文已修改 with 查看差异.
 */
export function AuditChanges({ record }: { record: AuditRecord }) {
  const { token } = theme.useToken();
  const [diffOf, setDiffOf] = useState<AuditChange | null>(null);
  const changes = auditChanges(record.before, record.after);
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const cell = { padding: '2px 6px', verticalAlign: 'top', overflowWrap: 'anywhere' } as const;
  return (
    <>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: token.fontSizeSM }}>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} style={{ borderTop: `1px solid ${token.colorSplit}` }}>
              <th scope="row" style={{ ...cell, width: '26%', fontWeight: 'normal', color: token.colorTextSecondary }}>
                {change.label}
              </th>
              {change.long ? (
                <td colSpan={3} style={cell}>
                  {LONG_TEXT_CHANGED}{' '}
                  <Button size="small" type="link" onClick={() => setDiffOf(change)}>
                    查看差异
                  </Button>
                </td>
              ) : (
                <>
                  <td style={{ ...cell, width: '35%', color: token.colorTextSecondary }} aria-label="修改前">
                    {auditValueText(change.before)}
                  </td>
                  <td style={{ ...cell, width: '4%', color: token.colorTextTertiary }} aria-hidden>
                    →
                  </td>
                  <td style={{ ...cell, width: '35%' }} aria-label="修改后">
                    {auditValueText(change.after)}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Modal
        open={diffOf !== null}
        title={diffOf ? `${diffOf.label}的修改` : ''}
        footer={null}
        width={760}
        onCancel={() => setDiffOf(null)}
        destroyOnHidden
      >
        {diffOf && <TextDiff before={diffOf.before} after={diffOf.after} />}
      </Modal>
    </>
  );
}

const asText = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value));

/** Removed lines on red, added lines on green, the rest as it was. */
function TextDiff({ before, after }: { before: unknown; after: unknown }) {
  const { token } = theme.useToken();
  const lines = lineDiff(asText(before), asText(after));
  const look = {
    removed: { background: token.colorErrorBg, sign: '−', label: '删除' },
    added: { background: token.colorSuccessBg, sign: '+', label: '新增' },
    same: { background: 'transparent', sign: ' ', label: '未改' },
  } as const;
  return (
    <div
      role="region"
      aria-label="正文差异"
      style={{ maxHeight: '60vh', overflow: 'auto', fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM }}
    >
      {lines.map((line, index) => (
        <div
          key={index}
          data-kind={line.kind}
          aria-label={`${look[line.kind].label}：${line.text}`}
          style={{
            background: look[line.kind].background,
            padding: '1px 6px',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {look[line.kind].sign} {line.text}
        </div>
      ))}
    </div>
  );
}
