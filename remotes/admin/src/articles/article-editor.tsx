import { useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Modal, Radio, Result, Select, Skeleton, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { AdminArticle, ContentFile } from '@yaoshi/contracts/content-admin';
import {
  ARTICLE_STATE_LABELS,
  CONTENT_LIMITS as L,
  CONTENT_MESSAGES as M,
  fileSizeText,
} from '@yaoshi/contracts/content-admin-rules';
import { ArticleView } from '@yaoshi/ui/article-view';
import { showMessage } from '@yaoshi/ui/show-message';
import {
  useAdminArticleQuery,
  useArticleCreateMutation,
  useArticlePublishMutation,
  useArticleUnpublishMutation,
  useArticleUpdateMutation,
} from './articles-api';
import type { EditorTarget } from './editor-target';
import { RichTextField } from '../kit/rich-text-field';
import { useContentUpload } from './use-content-upload';
import { tokens } from '@yaoshi/ui/site-tokens';

export const EDITOR_TEXTS = {
  newTitle: '新建文章',
  editTitle: '编辑文章',
  back: '返回列表',
  save: '保存',
  preview: '预览',
  publish: '发布',
  unpublish: '下线',
  saved: '文章已保存',
  published: '文章已发布',
  scheduled: '已设置定时发布',
  unpublished: '文章已下线，网站不再显示',
  loadError: '文章加载失败',
  addAttachment: '上传附件',
  attachmentsHint: 'PDF、Word、Excel 文件',
  publishTitle: '发布文章',
  publishNow: '立即发布',
  publishAt: '定时发布',
  publishAtRequired: '请选择发布时间',
  previewTitle: '预览（与网站显示一致）',
  unsavedHint: '预览和发布前会先保存当前内容。',
} as const;

interface FormValues {
  catid: number;
  title: string;
  author: string;
  source: string;
  excerpt: string;
  content: string;
}

const EMPTY: Omit<FormValues, 'catid'> = { title: '', author: '', source: '', excerpt: '', content: '' };
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** One article: its fields, text, attachments; save, preview exactly as published, publish now or later, take down. */
export function ArticleEditor({
  target,
  categories,
  onOpen,
  onClose,
}: {
  target: EditorTarget;
  categories: readonly { id: number; name: string }[];
  /** A new article was saved: edit it from now on. */
  onOpen: (id: number) => void;
  onClose: (catid?: number) => void;
}) {
  const id = target.kind === 'edit' ? target.id : null;
  const query = useAdminArticleQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });
  const [form] = Form.useForm<FormValues>();
  const [attachments, setAttachments] = useState<ContentFile[]>([]);
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState<AdminArticle | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [create, { isLoading: creating }] = useArticleCreateMutation();
  const [update, { isLoading: updating }] = useArticleUpdateMutation();
  const [publish, { isLoading: publishBusy }] = useArticlePublishMutation();
  const [unpublish] = useArticleUnpublishMutation();
  const imageUpload = useContentUpload('image');
  const attachmentUpload = useContentUpload('attachment');
  const article = query.data;

  useEffect(() => {
    if (!article) return;
    form.setFieldsValue({
      catid: article.catid,
      title: article.title,
      author: article.author,
      source: article.source,
      excerpt: article.excerpt,
      content: article.content,
    });
    setAttachments(article.attachments);
    setDirty(false);
  }, [article, form]);

  if (id !== null && query.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id !== null && (query.isError || !article)) {
    return (
      <Result
        status="error"
        title={EDITOR_TEXTS.loadError}
        extra={
          <Space>
            <Button onClick={() => void query.refetch()}>重试</Button>
            <Button onClick={() => onClose()}>{EDITOR_TEXTS.back}</Button>
          </Space>
        }
      />
    );
  }

  /** Saves the form; answers the saved article, or null when the form or the server refused it. */
  const save = async (): Promise<AdminArticle | null> => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return null; // each field shows its message
    }
    const payload = { ...values, attachment_ids: attachments.map((file) => file.id) };
    try {
      const saved = id === null ? await create(payload).unwrap() : await update({ id, ...payload }).unwrap();
      setDirty(false);
      if (id === null) onOpen(saved.id);
      return saved;
    } catch {
      return null; // the error catalogue has shown the server's message
    }
  };

  const savedArticle = async (): Promise<AdminArticle | null> => (dirty || !article ? save() : article);

  const onSave = async () => {
    if (await save()) showMessage(EDITOR_TEXTS.saved);
  };

  const onPreview = async () => {
    const saved = await savedArticle();
    if (saved) setPreview(saved);
  };

  const onPublish = async (at: string | undefined) => {
    const saved = await savedArticle();
    if (!saved) return;
    try {
      const result = await publish({ id: saved.id, ...(at ? { at } : {}) }).unwrap();
      setPublishing(false);
      showMessage(result.state === 'scheduled' ? EDITOR_TEXTS.scheduled : EDITOR_TEXTS.published);
    } catch {
      // shown by the error catalogue
    }
  };

  const onUnpublish = async () => {
    if (id === null) return;
    try {
      await unpublish(id).unwrap();
      showMessage(EDITOR_TEXTS.unpublished);
    } catch {
      // shown by the error catalogue
    }
  };

  const pickImage = async () => (await imageUpload.choose())?.url ?? null;
  const uploadImage = async (file: File) => (await imageUpload.send(file))?.url ?? null;

  const addAttachment = async () => {
    if (attachments.length >= L.attachments) {
      Modal.warning({ title: M.tooManyAttachments });
      return;
    }
    const file = await attachmentUpload.choose();
    if (file) {
      setAttachments((current) => [...current, file]);
      setDirty(true);
    }
  };

  const busy = creating || updating;
  const initialCatid = article?.catid ?? (target.kind === 'new' ? target.catid : 1);
  return (
    <div style={{ maxWidth: 1100 }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={() => onClose(form.getFieldValue('catid') as number | undefined)}>{EDITOR_TEXTS.back}</Button>
        <strong style={{ fontSize: 16 }}>{id === null ? EDITOR_TEXTS.newTitle : EDITOR_TEXTS.editTitle}</strong>
        {article && (
          <>
            <Tag data-testid="article-state">{ARTICLE_STATE_LABELS[article.state]}</Tag>
            {article.published_time && <span>发布时间：{article.published_time}</span>}
          </>
        )}
      </Space>
      <Form<FormValues>
        form={form}
        layout="vertical"
        aria-label="文章"
        initialValues={{ ...EMPTY, catid: initialCatid }}
        onValuesChange={() => setDirty(true)}
      >
        <Space wrap size="large" align="start">
          <Form.Item name="catid" label="栏目" rules={[{ required: true, message: M.categoryUnknown }]}>
            <Select
              style={{ width: 180 }}
              options={categories.map((category) => ({ value: category.id, label: category.name }))}
            />
          </Form.Item>
          <Form.Item name="author" label="作者" rules={[{ max: L.author, message: M.authorTooLong }]}>
            <Input maxLength={L.author} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="source" label="来源" rules={[{ max: L.source, message: M.sourceTooLong }]}>
            <Input maxLength={L.source} style={{ width: 240 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: M.titleRequired },
            { max: L.title, message: M.titleTooLong },
          ]}
        >
          <Input maxLength={L.title} />
        </Form.Item>
        <Form.Item name="excerpt" label="摘要" rules={[{ max: L.excerpt, message: M.excerptTooLong }]}>
          <Input.TextArea maxLength={L.excerpt} rows={2} />
        </Form.Item>
        <Form.Item
          name="content"
          label="正文"
          rules={[
            { required: true, whitespace: true, message: M.contentRequired },
            { max: L.html, message: M.contentTooLong },
          ]}
        >
          <RichTextField pickImage={pickImage} uploadImage={uploadImage} />
        </Form.Item>
      </Form>

      <Card
        size="small"
        title="附件"
        style={{ marginBottom: 16 }}
        extra={
          <Button size="small" loading={attachmentUpload.uploading} onClick={() => void addAttachment()}>
            {EDITOR_TEXTS.addAttachment}
          </Button>
        }
      >
        {attachments.length === 0 ? (
          <span style={{ color: tokens.colorTextDescription }}>
            暂无附件（{EDITOR_TEXTS.attachmentsHint}，单个不超过 {M.fileTooLarge.replace(/^文件不能超过/, '')}）
          </span>
        ) : (
          <ul aria-label="附件列表" style={{ margin: 0, paddingLeft: 20 }}>
            {attachments.map((file, index) => (
              <li key={file.id} style={{ lineHeight: '32px' }}>
                <a href={file.url} download={file.name}>
                  {file.name}
                </a>
                <span style={{ color: tokens.colorTextDescription, margin: '0 8px' }}>{fileSizeText(file.size)}</span>
                <Button
                  size="small"
                  type="link"
                  danger
                  aria-label={`移除附件 ${file.name}`}
                  onClick={() => {
                    setAttachments((current) => current.filter((_, i) => i !== index));
                    setDirty(true);
                  }}
                >
                  移除
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {dirty && article && <Alert type="info" showIcon title={EDITOR_TEXTS.unsavedHint} style={{ marginBottom: 12 }} />}
      <Space wrap>
        <Button type="primary" loading={busy} onClick={() => void onSave()}>
          {EDITOR_TEXTS.save}
        </Button>
        <Button loading={busy} onClick={() => void onPreview()}>
          {EDITOR_TEXTS.preview}
        </Button>
        <Button loading={busy || publishBusy} onClick={() => setPublishing(true)}>
          {EDITOR_TEXTS.publish}
        </Button>
        {article && article.state !== 'draft' && (
          <Button danger onClick={() => void onUnpublish()}>
            {EDITOR_TEXTS.unpublish}
          </Button>
        )}
      </Space>

      <Modal
        open={preview !== null}
        title={EDITOR_TEXTS.previewTitle}
        width={960}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && (
          <article
            aria-label="文章预览"
            style={{
              border: `1px solid ${tokens.colorBorderBox}`,
              borderRadius: 6,
              background: tokens.colorBgContainer,
              padding: '24px 32px',
            }}
          >
            <ArticleView article={preview.public_view} />
          </article>
        )}
      </Modal>
      <PublishDialog
        open={publishing}
        busy={busy || publishBusy}
        onCancel={() => setPublishing(false)}
        onPublish={(at) => void onPublish(at)}
      />
    </div>
  );
}

function PublishDialog({
  open,
  busy,
  onCancel,
  onPublish,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onPublish: (at: string | undefined) => void;
}) {
  const [mode, setMode] = useState<'now' | 'at'>('now');
  const [at, setAt] = useState<Dayjs | null>(null);
  const missing = mode === 'at' && at === null;
  return (
    <Modal
      open={open}
      title={EDITOR_TEXTS.publishTitle}
      okText={EDITOR_TEXTS.publish}
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: missing }}
      onCancel={onCancel}
      onOk={() => onPublish(mode === 'at' && at ? at.format(TIME_FORMAT) : undefined)}
    >
      <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as 'now' | 'at')}>
        <Space orientation="vertical">
          <Radio value="now">{EDITOR_TEXTS.publishNow}</Radio>
          <Radio value="at">{EDITOR_TEXTS.publishAt}</Radio>
        </Space>
      </Radio.Group>
      {mode === 'at' && (
        <div style={{ marginTop: 12 }}>
          <DatePicker
            showTime
            aria-label="发布时间"
            format={TIME_FORMAT}
            value={at}
            onChange={setAt}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
          />
          {missing && (
            <div style={{ color: tokens.colorTextDescription, marginTop: 4 }}>{EDITOR_TEXTS.publishAtRequired}</div>
          )}
          <div style={{ color: tokens.colorTextDescription, marginTop: 4 }}>
            北京时间；到时间后网站自动显示，无需再操作。
          </div>
        </div>
      )}
    </Modal>
  );
}
