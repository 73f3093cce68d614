import { useEffect, type ReactNode } from 'react';
import { Button, Card, DatePicker, Form, Input, Result, Skeleton, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { HomeContent, HomeSlide, ImageAd, QuickLink, TextAd } from '@yaoshi/contracts/content-admin';
import {
  CONTENT_LIMITS as L,
  CONTENT_MESSAGES as M,
  isSiteImage,
  isSiteLink,
} from '@yaoshi/contracts/content-admin-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import {
  useAdsSaveMutation,
  useHomeContentQuery,
  useQuickLinksSaveMutation,
  useSlidesSaveMutation,
} from '../articles/articles-api';
import { RichTextField } from '../kit/rich-text-field';
import { ImageField } from './image-field';

export const HOME_PAGE_TEXTS = {
  loadError: '首页内容加载失败',
  slides: '轮播图',
  ads: '广告',
  quickLinks: '快捷入口',
  saveSlides: '保存轮播图',
  saveAds: '保存广告',
  saveQuickLinks: '保存快捷入口',
  slidesSaved: '轮播图已保存，首页刷新后显示',
  adsSaved: '广告已保存，首页刷新后显示',
  quickLinksSaved: '快捷入口已保存，首页刷新后显示',
  addSlide: '添加轮播图',
  addQuickLink: '添加快捷入口',
} as const;

const DAY_FORMAT = 'YYYY-MM-DD';
/** A day field stored as 'YYYY-MM-DD' (or null), shown in antd's DatePicker. */
const dayField = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format(DAY_FORMAT) : null),
};

const linkRule = {
  validator: (_rule: unknown, value: string | undefined) =>
    !value || isSiteLink(value.trim()) ? Promise.resolve() : Promise.reject(new Error(M.linkInvalid)),
};
const imageRule = {
  validator: (_rule: unknown, value: string | undefined) =>
    !value || isSiteImage(value.trim()) ? Promise.resolve() : Promise.reject(new Error(M.imageUrlInvalid)),
};

/** 首页管理 (内容编辑, issue 20): the carousel, the text and floating advertisements and the quick links, each saved on its own and audited. */
export function HomeContentPage() {
  const query = useHomeContentQuery(undefined, { refetchOnMountOrArgChange: true });
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError || !query.data) {
    return (
      <Result
        status="error"
        title={HOME_PAGE_TEXTS.loadError}
        extra={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  }
  return (
    <div style={{ maxWidth: 1100, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <SlidesCard content={query.data} />
      <AdsCard content={query.data} />
      <QuickLinksCard content={query.data} />
    </div>
  );
}

function MoveButtons({
  index,
  count,
  move,
  remove,
}: {
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: () => void;
}) {
  return (
    <Space size={4}>
      <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
        上移
      </Button>
      <Button size="small" disabled={index === count - 1} onClick={() => move(index, index + 1)}>
        下移
      </Button>
      <Button size="small" danger onClick={remove}>
        删除
      </Button>
    </Space>
  );
}

async function saved<T>(run: () => Promise<T>, message: string): Promise<T | null> {
  try {
    const result = await run();
    showMessage(message);
    return result;
  } catch {
    return null; // the error catalogue has shown the server's message
  }
}

function SlidesCard({ content }: { content: HomeContent }) {
  const [form] = Form.useForm<{ slides: HomeSlide[] }>();
  const [save, { isLoading }] = useSlidesSaveMutation();
  useEffect(() => form.setFieldsValue({ slides: content.slides }), [content.slides, form]);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await saved(() => save({ slides: values.slides ?? [] }).unwrap(), HOME_PAGE_TEXTS.slidesSaved);
  };
  return (
    <SectionCard
      title={HOME_PAGE_TEXTS.slides}
      action={
        <Button type="primary" loading={isLoading} onClick={() => void submit()}>
          {HOME_PAGE_TEXTS.saveSlides}
        </Button>
      }
    >
      <Form
        form={form}
        layout="vertical"
        aria-label={HOME_PAGE_TEXTS.slides}
        initialValues={{ slides: content.slides }}
      >
        <Form.List name="slides">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  type="inner"
                  title={`第 ${index + 1} 张`}
                  style={{ marginBottom: 12 }}
                  extra={
                    <MoveButtons index={index} count={fields.length} move={move} remove={() => remove(field.name)} />
                  }
                >
                  <Space wrap align="start" size="large">
                    <Form.Item
                      name={[field.name, 'image']}
                      label="图片"
                      rules={[{ required: true, message: M.imageRequired }, imageRule]}
                    >
                      <ImageField label={`第 ${index + 1} 张轮播图`} />
                    </Form.Item>
                    <div>
                      <Form.Item
                        name={[field.name, 'title']}
                        label="标题"
                        rules={[
                          { required: true, whitespace: true, message: M.slideTitleRequired },
                          { max: L.slideTitle, message: M.slideTitleTooLong },
                        ]}
                      >
                        <Input maxLength={L.slideTitle} style={{ width: 320 }} aria-label={`第 ${index + 1} 张标题`} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'url']} label="链接" rules={[linkRule]}>
                        <Input
                          style={{ width: 320 }}
                          placeholder="/newsList?newsId=1 或 https://…"
                          aria-label={`第 ${index + 1} 张链接`}
                        />
                      </Form.Item>
                    </div>
                    <Form.Item name={[field.name, 'enabled']} label="显示" valuePropName="checked">
                      <Switch aria-label={`第 ${index + 1} 张显示`} />
                    </Form.Item>
                  </Space>
                </Card>
              ))}
              <Button
                disabled={fields.length >= L.slides}
                onClick={() => add({ title: '', image: '', url: '', enabled: true })}
              >
                {HOME_PAGE_TEXTS.addSlide}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </SectionCard>
  );
}

function DateRange({ prefix }: { prefix: 'text_ad' | 'image_ad' }) {
  return (
    <Space wrap>
      <Form.Item name={[prefix, 'starts_on']} label="开始日期" {...dayField}>
        <DatePicker aria-label={`${prefix === 'text_ad' ? '文字' : '图片'}广告开始日期`} />
      </Form.Item>
      <Form.Item
        name={[prefix, 'ends_on']}
        label="结束日期"
        dependencies={[[prefix, 'starts_on']]}
        {...dayField}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | null) => {
              const start = getFieldValue([prefix, 'starts_on']) as string | null;
              return !value || !start || start <= value
                ? Promise.resolve()
                : Promise.reject(new Error(M.dateRangeInvalid));
            },
          }),
        ]}
      >
        <DatePicker aria-label={`${prefix === 'text_ad' ? '文字' : '图片'}广告结束日期`} />
      </Form.Item>
    </Space>
  );
}

function AdsCard({ content }: { content: HomeContent }) {
  const [form] = Form.useForm<{ text_ad: TextAd; image_ad: ImageAd }>();
  const [save, { isLoading }] = useAdsSaveMutation();
  useEffect(
    () => form.setFieldsValue({ text_ad: content.text_ad, image_ad: content.image_ad }),
    [content.text_ad, content.image_ad, form],
  );
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await saved(() => save(values).unwrap(), HOME_PAGE_TEXTS.adsSaved);
  };
  return (
    <SectionCard
      title={HOME_PAGE_TEXTS.ads}
      action={
        <Button type="primary" loading={isLoading} onClick={() => void submit()}>
          {HOME_PAGE_TEXTS.saveAds}
        </Button>
      }
    >
      <Form
        form={form}
        layout="vertical"
        aria-label={HOME_PAGE_TEXTS.ads}
        initialValues={{ text_ad: content.text_ad, image_ad: content.image_ad }}
      >
        <Card size="small" type="inner" title="文字广告（每次访问弹出一次）" style={{ marginBottom: 12 }}>
          <Form.Item name={['text_ad', 'enabled']} label="启用" valuePropName="checked">
            <Switch aria-label="启用文字广告" />
          </Form.Item>
          <Form.Item
            name={['text_ad', 'content']}
            label="广告内容"
            dependencies={[['text_ad', 'enabled']]}
            rules={[
              { max: L.textAd, message: M.textAdTooLong },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  getFieldValue(['text_ad', 'enabled']) && !value?.trim()
                    ? Promise.reject(new Error(M.textAdRequired))
                    : Promise.resolve(),
              }),
            ]}
          >
            <RichTextField label="文字广告内容" minHeight={100} />
          </Form.Item>
          <DateRange prefix="text_ad" />
        </Card>
        <Card size="small" type="inner" title="浮动图片广告">
          <Space wrap align="start" size="large">
            <Form.Item
              name={['image_ad', 'image_url']}
              label="图片"
              dependencies={[['image_ad', 'enabled']]}
              rules={[
                imageRule,
                ({ getFieldValue }) => ({
                  validator: (_rule, value: string | undefined) =>
                    getFieldValue(['image_ad', 'enabled']) && !value
                      ? Promise.reject(new Error(M.imageRequired))
                      : Promise.resolve(),
                }),
              ]}
            >
              <ImageField label="浮动广告图片" />
            </Form.Item>
            <div>
              <Form.Item name={['image_ad', 'enabled']} label="启用" valuePropName="checked">
                <Switch aria-label="启用浮动广告" />
              </Form.Item>
              <Form.Item name={['image_ad', 'link_url']} label="链接" rules={[linkRule]}>
                <Input style={{ width: 320 }} placeholder="/signStudy 或 https://…" aria-label="浮动广告链接" />
              </Form.Item>
            </div>
          </Space>
          <DateRange prefix="image_ad" />
        </Card>
      </Form>
    </SectionCard>
  );
}

function QuickLinksCard({ content }: { content: HomeContent }) {
  const [form] = Form.useForm<{ quick_links: QuickLink[] }>();
  const [save, { isLoading }] = useQuickLinksSaveMutation();
  useEffect(() => form.setFieldsValue({ quick_links: content.quick_links }), [content.quick_links, form]);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await saved(() => save({ quick_links: values.quick_links ?? [] }).unwrap(), HOME_PAGE_TEXTS.quickLinksSaved);
  };
  return (
    <SectionCard
      title={HOME_PAGE_TEXTS.quickLinks}
      action={
        <Button type="primary" loading={isLoading} onClick={() => void submit()}>
          {HOME_PAGE_TEXTS.saveQuickLinks}
        </Button>
      }
    >
      <Form
        form={form}
        layout="inline"
        aria-label={HOME_PAGE_TEXTS.quickLinks}
        initialValues={{ quick_links: content.quick_links }}
      >
        <Form.List name="quick_links">
          {(fields, { add, remove, move }) => (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}>
              {fields.map((field, index) => (
                <Space key={field.key} wrap align="start">
                  <Form.Item
                    name={[field.name, 'label']}
                    rules={[
                      { required: true, whitespace: true, message: M.quickLinkLabelRequired },
                      { max: L.quickLinkLabel, message: M.quickLinkLabelTooLong },
                    ]}
                  >
                    <Input placeholder="名称" maxLength={L.quickLinkLabel} aria-label={`快捷入口 ${index + 1} 名称`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'url']}
                    rules={[{ required: true, whitespace: true, message: M.linkInvalid }, linkRule]}
                  >
                    <Input placeholder="链接" style={{ width: 320 }} aria-label={`快捷入口 ${index + 1} 链接`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'enabled']} valuePropName="checked">
                    <Switch checkedChildren="显示" unCheckedChildren="隐藏" aria-label={`快捷入口 ${index + 1} 显示`} />
                  </Form.Item>
                  <MoveButtons index={index} count={fields.length} move={move} remove={() => remove(field.name)} />
                </Space>
              ))}
              <div>
                <Button
                  disabled={fields.length >= L.quickLinks}
                  onClick={() => add({ label: '', url: '', enabled: true })}
                >
                  {HOME_PAGE_TEXTS.addQuickLink}
                </Button>
              </div>
            </div>
          )}
        </Form.List>
      </Form>
    </SectionCard>
  );
}

function SectionCard({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Card title={title} size="small" extra={action}>
      {children}
    </Card>
  );
}
