import { nestHeadings } from './heading-levels';

describe('headings of stored text placed under a page heading', () => {
  test('an <h3> directly under the page <h1> becomes an <h2>, its text and attributes kept', () => {
    expect(nestHeadings('<h3 id="a">一、总则</h3><p>正文</p>', 1)).toBe('<h2 id="a">一、总则</h2><p>正文</p>');
  });

  test('levels follow in rank and never skip going down', () => {
    expect(nestHeadings('<h2>甲</h2><h4>乙</h4><h6>丙</h6><h2>丁</h2>', 1)).toBe(
      '<h2>甲</h2><h3>乙</h3><h4>丙</h4><h2>丁</h2>',
    );
    // An <h4> before any <h3>: one level under the heading before it.
    expect(nestHeadings('<h2>甲</h2><h4>乙</h4><h3>丙</h3>', 1)).toBe('<h2>甲</h2><h3>乙</h3><h3>丙</h3>');
  });

  test("under a chapter's <h2>, the text's headings start at <h3>; text without headings is unchanged", () => {
    expect(nestHeadings('<h1>章程</h1><h2>第一条</h2>', 2)).toBe('<h3>章程</h3><h4>第一条</h4>');
    expect(nestHeadings('<p>没有标题</p>', 1)).toBe('<p>没有标题</p>');
  });
});
