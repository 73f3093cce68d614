import { render } from '@testing-library/react';
import { SafeHtml } from './safe-html';

test('scripts, handlers and javascript: links are removed, the text stays', () => {
  const { container } = render(
    <SafeHtml
      label="正文"
      html={
        '<p onclick="alert(1)">第一段</p><script>window.hacked=1</script><img src="x" onerror="window.hacked=2"><a href="javascript:alert(3)">链接</a>'
      }
    />,
  );
  const html = container.innerHTML;
  expect(container.textContent).toContain('第一段');
  expect(container.textContent).toContain('链接');
  expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
  expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
});
