/**
 * Articles, uploads and the home page in the console (内容编辑, issue 20): limits, messages
 * and the file-type rules, without zod, so the console's forms use the same numbers.
 */

/**
 * The largest image or attachment one upload takes. Uploads travel base64 inside the signed
 * envelope, whose body is at most 4 MB (api MAX_BODY_BYTES): 2 MB of file is about 2.7 MB of
 * base64, with room for the rest of the request.
 */
export const CONTENT_FILE_MAX_BYTES = 2 * 1024 * 1024;

export const CONTENT_LIMITS = {
  title: 100,
  author: 30,
  source: 60,
  excerpt: 300,
  html: 200_000,
  attachments: 10,
  fileName: 120,
  slides: 10,
  slideTitle: 60,
  quickLinks: 8,
  quickLinkLabel: 12,
  url: 500,
  textAd: 5_000,
  keyword: 50,
} as const;

export const CONTENT_MESSAGES = {
  titleRequired: '请填写文章标题',
  titleTooLong: `文章标题不能超过${CONTENT_LIMITS.title}个字`,
  authorTooLong: `作者不能超过${CONTENT_LIMITS.author}个字`,
  sourceTooLong: `来源不能超过${CONTENT_LIMITS.source}个字`,
  excerptTooLong: `摘要不能超过${CONTENT_LIMITS.excerpt}个字`,
  contentRequired: '请填写正文',
  contentTooLong: '正文过长',
  categoryUnknown: '栏目不存在',
  articleNotFound: '文章不存在或已被删除',
  tooManyAttachments: `每篇文章最多${CONTENT_LIMITS.attachments}个附件`,
  attachmentUnknown: '附件不存在，请重新上传',
  publishTimeInvalid: '发布时间格式应为 YYYY-MM-DD HH:mm:ss',
  fileRequired: '请选择文件',
  fileNameInvalid: '文件名不正确',
  fileTooLarge: `文件不能超过${CONTENT_FILE_MAX_BYTES / 1024 / 1024}MB`,
  imageTypeInvalid: '图片只支持 PNG、JPEG、GIF、WebP 格式',
  attachmentTypeInvalid: '附件只支持 PDF、Word（doc、docx）、Excel（xls、xlsx）文件',
  fileContentMismatch: '文件内容与扩展名不符',
  tooManySlides: `轮播图最多${CONTENT_LIMITS.slides}张`,
  slideTitleRequired: '请填写轮播图标题',
  slideTitleTooLong: `轮播图标题不能超过${CONTENT_LIMITS.slideTitle}个字`,
  imageRequired: '请上传图片',
  imageUrlInvalid: '图片地址须为本站上传的图片或 https 地址',
  linkInvalid: '链接须以 / 开头（本站页面）或为 http(s) 地址',
  tooManyQuickLinks: `快捷入口最多${CONTENT_LIMITS.quickLinks}个`,
  quickLinkLabelRequired: '请填写快捷入口名称',
  quickLinkLabelTooLong: `快捷入口名称不能超过${CONTENT_LIMITS.quickLinkLabel}个字`,
  textAdRequired: '启用文字广告时请填写广告内容',
  textAdTooLong: '广告内容过长',
  dateInvalid: '日期格式应为 YYYY-MM-DD',
  dateRangeInvalid: '结束日期不能早于开始日期',
} as const;

/** An article's state as staff see it; `scheduled` is published with a time still to come. */
export const ARTICLE_STATES = ['draft', 'scheduled', 'published'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];
export const ARTICLE_STATE_LABELS: Record<ArticleState, string> = {
  draft: '草稿',
  scheduled: '定时发布',
  published: '已发布',
};

export const UPLOAD_KINDS = ['image', 'attachment'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** A time as staff type it and as the site shows it: Beijing time. */
export const BEIJING_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Where a link may lead: a page of this site (one leading slash) or an http(s) address. */
export function isSiteLink(url: string): boolean {
  return /^\/(?!\/)[^\s]*$/.test(url) || /^https?:\/\/[^\s/]+[^\s]*$/i.test(url);
}

/** An image the site may show: a file uploaded here (/media/…) or an https address. */
export function isSiteImage(url: string): boolean {
  return /^\/media\/[\w./-]+$/.test(url) && !url.includes('..') ? true : /^https:\/\/[^\s/]+[^\s]*$/i.test(url);
}

/** The file kinds an upload may be, each named by its content's first bytes. */
export type FileFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'ole2' | 'zip';

/** Extension → the format its content must have, per upload kind. */
export const ALLOWED_EXTENSIONS: Record<UploadKind, Readonly<Record<string, FileFormat>>> = {
  image: { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', webp: 'webp' },
  attachment: { pdf: 'pdf', doc: 'ole2', xls: 'ole2', docx: 'zip', xlsx: 'zip' },
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** The format the first bytes of a file show, or null when none we take. */
export function fileFormatOf(bytes: Uint8Array): FileFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export type FileCheck = { ok: true; extension: string } | { ok: false; message: string };

/** Whether `bytes` named `name` may be uploaded as `kind`: the extension allowed, the content that extension's, the size within the limit. */
export function checkContentFile(kind: UploadKind, name: string, bytes: Uint8Array): FileCheck {
  const extension = extensionOf(name);
  const expected = ALLOWED_EXTENSIONS[kind][extension];
  const typeMessage = kind === 'image' ? CONTENT_MESSAGES.imageTypeInvalid : CONTENT_MESSAGES.attachmentTypeInvalid;
  if (expected === undefined) return { ok: false, message: typeMessage };
  if (bytes.length === 0) return { ok: false, message: CONTENT_MESSAGES.fileRequired };
  if (bytes.length > CONTENT_FILE_MAX_BYTES) return { ok: false, message: CONTENT_MESSAGES.fileTooLarge };
  if (fileFormatOf(bytes) !== expected) return { ok: false, message: CONTENT_MESSAGES.fileContentMismatch };
  return { ok: true, extension };
}

/** A file size in words: 1.5 MB, 320 KB. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
