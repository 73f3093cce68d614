import { render, screen } from '@testing-library/react';
import { Paragraph, Text, Title } from './typography';
import { tokens } from './site-tokens';

test('a title is a heading of its level, at antd’s size for it', () => {
  render(
    <Title level={3} data-testid="page-title">
      我的订单
    </Title>,
  );
  const heading = screen.getByRole('heading', { level: 3, name: '我的订单' });
  expect(heading).toHaveStyle({ fontSize: '24px', fontWeight: '600' });
  expect(screen.getByTestId('page-title')).toBe(heading);
});

test('secondary text and paragraphs are the site’s muted grey; strong text is bold', () => {
  render(
    <>
      <Paragraph type="secondary">退款说明</Paragraph>
      <Text type="secondary" role="timer" aria-label="剩余时间">
        10 秒
      </Text>
      <Text strong>题目</Text>
    </>,
  );
  expect(screen.getByText('退款说明').tagName).toBe('P');
  expect(screen.getByText('退款说明')).toHaveStyle({ color: tokens.colorTextDescription });
  expect(screen.getByRole('timer', { name: '剩余时间' })).toHaveStyle({ color: tokens.colorTextDescription });
  expect(screen.getByText('题目')).toHaveStyle({ fontWeight: '600' });
});
