import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { SafeHtml } from '@yaoshi/ui/safe-html';
import { tokens } from '@yaoshi/ui/site-tokens';
import type { AssociationIntroduction } from '@yaoshi/contracts/association-profile';

const INTRODUCTION_LABEL = '协会简介';
export const CHARTER_LABEL = '协会章程';
export const INTRODUCTION_EMPTY_TEXT = '协会简介尚未发布';
export const INTRODUCTION_ERROR_TEXT = '协会简介暂时无法加载，请稍后重试';

/** The anchor of the chapter at `index`: stable whatever the titles say. */
export const chapterAnchor = (index: number) => `chapter-${index + 1}`;

/** The page's markup for its data: the browser's page and the server rendering draw the same. */
export function AssociationIntroductionView({
  data,
  isLoading = false,
  isError = false,
}: {
  data: AssociationIntroduction | undefined;
  isLoading?: boolean;
  isError?: boolean;
}) {
  const chapters = data?.introduction ?? [];
  const hasCharter = (data?.charter ?? '') !== '';
  const status = isError
    ? INTRODUCTION_ERROR_TEXT
    : isLoading || !data
      ? '正在加载…'
      : chapters.length === 0 && !hasCharter
        ? INTRODUCTION_EMPTY_TEXT
        : null;
  return (
    <div>
      <PageBreadcrumb trail={[{ label: INTRODUCTION_LABEL }]} />
      {status !== null ? (
        <>
          <h1 style={{ fontSize: 24, margin: '0 0 12px' }}>{INTRODUCTION_LABEL}</h1>
          <p
            style={{ textAlign: 'center', color: tokens.colorTextDescription, margin: '48px 0' }}
            aria-busy={isLoading}
          >
            {status}
          </p>
        </>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
          <nav
            aria-label="目录"
            style={{
              flex: '1 1 220px',
              position: 'sticky',
              top: 16,
              border: `1px solid ${tokens.colorBorderBox}`,
              borderRadius: 6,
              padding: '12px 16px',
            }}
          >
            <h2 style={{ fontSize: 16, margin: '0 0 8px', color: tokens.colorPrimary }}>目录</h2>
            <ol style={{ listStyle: 'none', margin: 0, padding: 0, lineHeight: 2.1 }}>
              {chapters.map((chapter, index) => (
                <li key={chapterAnchor(index)}>
                  <a href={`#${chapterAnchor(index)}`}>{chapter.title}</a>
                </li>
              ))}
              {hasCharter && (
                <li>
                  <a href="#charter">{CHARTER_LABEL}</a>
                </li>
              )}
            </ol>
          </nav>
          <article style={{ flex: '4 1 600px', minWidth: 0, lineHeight: 1.9, fontSize: 15, color: tokens.colorText }}>
            <h1 style={{ fontSize: 24, margin: '0 0 12px' }}>{data?.name || INTRODUCTION_LABEL}</h1>
            {chapters.map((chapter, index) => (
              <section key={chapterAnchor(index)} aria-labelledby={chapterAnchor(index)}>
                <h2 id={chapterAnchor(index)} style={{ fontSize: 20, margin: '24px 0 8px', scrollMarginTop: 16 }}>
                  {chapter.title}
                </h2>
                <SafeHtml html={chapter.html} label={chapter.title} headingsBelow={2} />
              </section>
            ))}
            {hasCharter && (
              <section aria-labelledby="charter">
                <h2 id="charter" style={{ fontSize: 20, margin: '32px 0 8px', scrollMarginTop: 16 }}>
                  {CHARTER_LABEL}
                </h2>
                <SafeHtml html={data?.charter ?? ''} label={CHARTER_LABEL} headingsBelow={2} />
              </section>
            )}
          </article>
        </div>
      )}
    </div>
  );
}
