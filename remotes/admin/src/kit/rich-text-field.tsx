import { lazy, Suspense, useState } from 'react';
import { Input, Segmented, Skeleton } from 'antd';

const TiptapEditor = lazy(() => import('./tiptap-editor'));

export const EDITOR_MODES = { visual: '可视化编辑', source: 'HTML 源码' } as const;
type Mode = keyof typeof EDITOR_MODES;

/**
 * 正文 as a controlled antd form field: the rich-text editor (loaded when the form opens),
 * or the HTML source for what the toolbar does not offer. Either way the server sanitizes
 * what is saved, and the site sanitizes it again when it shows it.
 */
export function RichTextField({
  value = '',
  onChange,
  pickImage,
  uploadImage,
  label = '正文',
}: {
  value?: string;
  onChange?: (html: string) => void;
  pickImage: () => Promise<string | null>;
  uploadImage: (file: File) => Promise<string | null>;
  label?: string;
}) {
  const [mode, setMode] = useState<Mode>('visual');
  return (
    <div>
      <Segmented<Mode>
        value={mode}
        onChange={setMode}
        options={(Object.keys(EDITOR_MODES) as Mode[]).map((key) => ({ value: key, label: EDITOR_MODES[key] }))}
        style={{ marginBottom: 8 }}
      />
      {mode === 'source' ? (
        <Input.TextArea
          aria-label={`${label}（HTML）`}
          value={value}
          rows={14}
          onChange={(event) => onChange?.(event.target.value)}
          style={{ fontFamily: 'monospace' }}
        />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <TiptapEditor
            value={value}
            onChange={(html) => onChange?.(html)}
            pickImage={pickImage}
            uploadImage={uploadImage}
            label={label}
          />
        </Suspense>
      )}
    </div>
  );
}
