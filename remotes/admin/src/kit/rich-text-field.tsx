import { lazy, Suspense, useState } from 'react';
import { Input, Segmented, Skeleton } from 'antd';

const TiptapEditor = lazy(() => import('./tiptap-editor'));

export const EDITOR_MODES = { visual: '可视化编辑', source: 'HTML 源码' } as const;
type Mode = keyof typeof EDITOR_MODES;

/**
 * An HTML text as a controlled antd form field (an article's 正文, 协会简介's sections, 章程,
 * 协议, 隐私政策, the text advertisement): the rich-text editor (loaded when the form opens),
 * or the HTML source for what the toolbar does not offer. Either way the server sanitizes
 * what is saved with the same rule, and the site sanitizes it again when it shows it.
 */
export function RichTextField({
  value = '',
  onChange,
  pickImage,
  uploadImage,
  label = '正文',
  minHeight,
}: {
  value?: string;
  onChange?: (html: string) => void;
  pickImage?: () => Promise<string | null>;
  uploadImage?: (file: File) => Promise<string | null>;
  label?: string;
  minHeight?: number;
}) {
  const [mode, setMode] = useState<Mode>('visual');
  return (
    <div>
      <Segmented<Mode>
        value={mode}
        onChange={setMode}
        options={(Object.keys(EDITOR_MODES) as Mode[]).map((key) => ({ value: key, label: EDITOR_MODES[key] }))}
        style={{ marginBottom: 8 }}
        aria-label={`${label}编辑方式`}
      />
      {mode === 'source' ? (
        <Input.TextArea
          aria-label={`${label}（HTML）`}
          value={value}
          rows={minHeight === undefined ? 14 : Math.max(3, Math.round(minHeight / 22))}
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
            minHeight={minHeight}
          />
        </Suspense>
      )}
    </div>
  );
}
