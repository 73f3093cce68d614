import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { BRAND_BLUE } from '@yaoshi/ui/section-box';
import { ASSOCIATION_BRIEF, CHAPTERS } from './articles-of-association';

const INTRODUCTION_LABEL = '协会简介';

/** `/associationIntroduce`: the brief and the articles of association, with a table of contents. */
export default function AssociationIntroductionPage() {
  return (
    <div>
      <PageBreadcrumb trail={[{ label: INTRODUCTION_LABEL }]} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
        <nav
          aria-label="目录"
          style={{
            flex: '1 1 220px',
            position: 'sticky',
            top: 16,
            border: '1px solid #e8e8e8',
            borderRadius: 6,
            padding: '12px 16px',
          }}
        >
          <h2 style={{ fontSize: 16, margin: '0 0 8px', color: BRAND_BLUE }}>目录</h2>
          <ol style={{ listStyle: 'none', margin: 0, padding: 0, lineHeight: 2.1 }}>
            <li>
              <a href="#brief">{INTRODUCTION_LABEL}</a>
            </li>
            <li>
              <a href="#charter">协会章程</a>
              <ol style={{ listStyle: 'none', margin: 0, paddingLeft: 16 }}>
                {CHAPTERS.map((chapter) => (
                  <li key={chapter.id}>
                    <a href={`#${chapter.id}`}>{chapter.title}</a>
                  </li>
                ))}
              </ol>
            </li>
          </ol>
        </nav>
        <article style={{ flex: '4 1 600px', minWidth: 0, lineHeight: 1.9, fontSize: 15, color: '#262626' }}>
          <h1 id="brief" style={{ fontSize: 24, margin: '0 0 12px' }}>
            {INTRODUCTION_LABEL}
          </h1>
          {ASSOCIATION_BRIEF.map((text) => (
            <p key={text} style={{ textIndent: '2em', margin: '0 0 12px' }}>
              {text}
            </p>
          ))}
          <h2 id="charter" style={{ fontSize: 22, margin: '32px 0 8px', textAlign: 'center' }}>
            江苏省药师协会章程
          </h2>
          {CHAPTERS.map((chapter) => (
            <section key={chapter.id} aria-labelledby={chapter.id}>
              <h3
                id={chapter.id}
                style={{ fontSize: 18, margin: '24px 0 8px', textAlign: 'center', scrollMarginTop: 16 }}
              >
                {chapter.title}
              </h3>
              {chapter.paragraphs.map((text) => (
                <p key={text} style={{ textIndent: '2em', margin: '0 0 8px' }}>
                  {text}
                </p>
              ))}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
