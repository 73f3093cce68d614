import { SafeHtml } from './safe-html';
import { tokens } from './site-tokens';

/** An article as /v1/article answers it (contracts `Article`), said structurally: this package has no contracts. */
export interface ArticleViewData {
  title: string;
  post_author: string;
  post_source: string;
  post_hits: number;
  published_time: string;
  content: string;
  /** Absent from an API older than the remote showing it (remotes and the API are released apart). */
  attachments?: readonly { name: string; url: string; size: number }[] | undefined;
}

export const ATTACHMENTS_HEADING = '附件';

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * An article's title, its line of author, source, views and time, its text (DOMPurify,
 * `SafeHtml`) and its attachments. The one rendering of an article: the public detail page
 * and the console's preview both use it, so a preview is exactly what visitors will see.
 */
export function ArticleView({ article }: { article: ArticleViewData }) {
  const attachments = article.attachments ?? [];
  return (
    <>
      <h1 style={{ fontSize: 24, textAlign: 'center', margin: '0 0 12px' }}>{article.title}</h1>
      <p
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: '4px 20px',
          color: tokens.colorTextDescription,
          fontSize: 14,
          margin: 0,
        }}
      >
        {article.post_author && <span>作者：{article.post_author}</span>}
        {article.post_source && <span>来源：{article.post_source}</span>}
        <span data-testid="view-count">浏览：{article.post_hits} 次</span>
        <span>
          发布时间：<time dateTime={article.published_time}>{article.published_time}</time>
        </span>
      </p>
      <hr style={{ border: 'none', borderTop: `1px solid ${tokens.colorBorderBox}`, margin: '16px 0 20px' }} />
      <SafeHtml html={article.content} label="正文" headingsBelow={1} />
      {attachments.length > 0 && (
        <section
          aria-label={ATTACHMENTS_HEADING}
          style={{ marginTop: 24, borderTop: `1px solid ${tokens.colorBorderBox}`, paddingTop: 12 }}
        >
          <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>{ATTACHMENTS_HEADING}</h2>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {attachments.map((file) => (
              <li key={file.url} style={{ lineHeight: '28px' }}>
                <a href={file.url} download={file.name}>
                  {file.name}
                </a>
                <span style={{ color: tokens.colorTextDescription, marginLeft: 8 }}>（{sizeText(file.size)}）</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
