import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Tabs from 'antd/es/tabs';

const { visibilityCss } = jest.requireActual<{ visibilityCss: (css: string) => string }>(
  '../../jest/visibility-css.cjs',
);

test('the styles tests get keep display, visibility and pointer-events, in their rules and blocks, and nothing else', () => {
  expect(
    visibilityCss(
      '.a{color:red;display:none}.b .c{margin:0}' +
        '@media (max-width:575px){.d{display:block;width:1px}.e{top:0}}' +
        '@keyframes spin{0%{opacity:0}}@font-face{font-family:x}' +
        '@layer antd{.f{visibility:hidden;content:"a{b};c"}}.g{pointer-events:none;cursor:default}',
    ),
  ).toBe(
    '.a{display:none}@media (max-width:575px){.d{display:block}}@layer antd{.f{visibility:hidden}}.g{pointer-events:none}',
  );
});

test("antd's own rules still hide what antd hides: an inactive tab's pane is not visible", async () => {
  render(
    <Tabs
      items={[
        { key: 'one', label: '第一页', children: <p>第一页的内容</p> },
        { key: 'two', label: '第二页', children: <p>第二页的内容</p> },
      ]}
    />,
  );
  await userEvent.click(screen.getByRole('tab', { name: '第二页' }));
  await userEvent.click(screen.getByRole('tab', { name: '第一页' }));
  expect(screen.getByText('第一页的内容')).toBeVisible();
  expect(screen.getByText('第二页的内容')).not.toBeVisible();
});
