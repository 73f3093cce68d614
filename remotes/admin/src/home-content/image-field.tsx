import { Button, Image, Input, Space } from 'antd';
import { useContentUpload } from '../articles/use-content-upload';
import { tokens } from '@yaoshi/ui/site-tokens';

/** An image of the home page as a controlled form field: upload one to media storage, or give an https address. */
export function ImageField({
  value = '',
  onChange,
  label,
  previewWidth = 160,
}: {
  value?: string;
  onChange?: (url: string) => void;
  label: string;
  previewWidth?: number;
}) {
  const upload = useContentUpload('image');
  return (
    <Space align="start" wrap>
      {value ? (
        <Image src={value} alt={label} width={previewWidth} style={{ objectFit: 'cover', maxHeight: 90 }} />
      ) : (
        <div
          style={{
            width: previewWidth,
            height: 60,
            border: `1px dashed ${tokens.colorBorder}`,
            borderRadius: 6,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: tokens.colorTextDescription,
          }}
        >
          无图片
        </div>
      )}
      <Space orientation="vertical" size={4}>
        <Button
          size="small"
          loading={upload.uploading}
          onClick={() =>
            void upload.choose().then((file) => {
              if (file) onChange?.(file.url);
            })
          }
        >
          上传图片
        </Button>
        <Input
          size="small"
          aria-label={`${label}地址`}
          value={value}
          placeholder="/media/… 或 https://…"
          onChange={(event) => onChange?.(event.target.value)}
          style={{ width: 260 }}
        />
      </Space>
    </Space>
  );
}
