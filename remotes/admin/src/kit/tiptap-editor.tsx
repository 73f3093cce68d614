import { useEffect, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * The rich-text editor (TipTap 3 on ProseMirror, React 19). Loaded lazily by the console's
 * forms that edit HTML (articles, 协会简介/章程/协议/隐私政策, the text advertisement; see
 * rich-text-field.tsx): neither the site nor the rest of the console downloads it. It produces plain HTML (p, h2/h3, strong, em, u, s, lists,
 * blockquote, links, images), all of which the server's sanitizer keeps. Images are inserted
 * by their uploaded URL, never as base64 (pasted or dropped image files are uploaded too).
 */
export interface TiptapEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Asks for an image file, uploads it, and answers its URL (null: cancelled or refused). Without it, no 图片 button. */
  pickImage?: () => Promise<string | null>;
  /** Uploads an image pasted or dropped into the text and answers its URL (null: refused). Without it, image files are not taken. */
  uploadImage?: (file: File) => Promise<string | null>;
  label: string;
  /** The editing area's least height in pixels (default 280). */
  minHeight?: number;
}

/**
 * Puts an image after the selection. (`setImage` replaces the selection, and right after an
 * image is inserted the selection is that image: a second one would take its place.)
 */
function insertImage(editor: Editor, src: string): void {
  editor.chain().focus().insertContentAt(editor.state.selection.to, { type: 'image', attrs: { src } }).run();
}

function ToolbarButton({ title, onClick, children }: { title: string; onClick: () => void; children: string }) {
  return (
    <Tooltip title={title}>
      <Button size="small" aria-label={title} onMouseDown={(event) => event.preventDefault()} onClick={onClick}>
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({
  editor,
  pickImage,
  label,
}: {
  editor: Editor;
  pickImage: TiptapEditorProps['pickImage'];
  label: string;
}) {
  const chain = () => editor.chain().focus();
  const chooseImage = async () => {
    const url = await pickImage?.();
    if (url) insertImage(editor, url);
  };
  const setLink = () => {
    const previous = (editor.getAttributes('link') as { href?: string }).href ?? '';
    const href = window.prompt('链接地址（https://… 或本站页面 /…）', previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <Space wrap size={4} role="toolbar" aria-label={`${label}格式`} style={{ marginBottom: 8 }}>
      <ToolbarButton title="加粗" onClick={() => chain().toggleBold().run()}>
        B
      </ToolbarButton>
      <ToolbarButton title="斜体" onClick={() => chain().toggleItalic().run()}>
        I
      </ToolbarButton>
      <ToolbarButton title="下划线" onClick={() => chain().toggleUnderline().run()}>
        U
      </ToolbarButton>
      <ToolbarButton title="删除线" onClick={() => chain().toggleStrike().run()}>
        S
      </ToolbarButton>
      <ToolbarButton title="二级标题" onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolbarButton>
      <ToolbarButton title="三级标题" onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolbarButton>
      <ToolbarButton title="无序列表" onClick={() => chain().toggleBulletList().run()}>
        • 列表
      </ToolbarButton>
      <ToolbarButton title="有序列表" onClick={() => chain().toggleOrderedList().run()}>
        1. 列表
      </ToolbarButton>
      <ToolbarButton title="引用" onClick={() => chain().toggleBlockquote().run()}>
        引用
      </ToolbarButton>
      <ToolbarButton title="链接" onClick={setLink}>
        链接
      </ToolbarButton>
      {pickImage && (
        <ToolbarButton title="插入图片" onClick={() => void chooseImage()}>
          图片
        </ToolbarButton>
      )}
      <ToolbarButton title="撤销" onClick={() => chain().undo().run()}>
        撤销
      </ToolbarButton>
      <ToolbarButton title="重做" onClick={() => chain().redo().run()}>
        重做
      </ToolbarButton>
    </Space>
  );
}

/** The image files of a paste or a drop: they are uploaded, never inlined as base64. */
function imageFilesOf(data: DataTransfer | null | undefined): File[] {
  return Array.from(data?.files ?? []).filter((file) => file.type.startsWith('image/'));
}

export default function TiptapEditor({
  value,
  onChange,
  pickImage,
  uploadImage,
  label,
  minHeight = 280,
}: TiptapEditorProps) {
  const latest = useRef(value);
  const current = useRef<Editor | null>(null);
  const insertUploaded = async (files: File[]) => {
    if (!uploadImage) return;
    for (const file of files) {
      const url = await uploadImage(file);
      if (url && current.current) insertImage(current.current, url);
    }
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false } }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'rich-text' },
      handlePaste: (_view, event) => {
        const files = imageFilesOf(event.clipboardData);
        if (files.length === 0) return false;
        // Never inlined as base64: without an upload, a pasted image file is simply not taken.
        void insertUploaded(files);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = imageFilesOf(event.dataTransfer);
        if (files.length === 0) return false;
        event.preventDefault();
        void insertUploaded(files);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      // An emptied editor still holds one empty paragraph: it is saved as no text at all, so
      // 「必填」 rules see it empty.
      const html = current.isEmpty ? '' : current.getHTML();
      latest.current = html;
      onChange(html);
    },
  });

  current.current = editor;

  // A value set from outside (the article loaded, the HTML source edited) replaces the document.
  useEffect(() => {
    if (!editor || value === latest.current) return;
    latest.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div>
      <Toolbar editor={editor} pickImage={pickImage} label={label} />
      <div
        style={{
          border: `1px solid ${tokens.colorBorder}`,
          borderRadius: 6,
          padding: '4px 12px',
          minHeight,
          background: tokens.colorBgContainer,
        }}
      >
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
