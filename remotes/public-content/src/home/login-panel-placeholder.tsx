import { Card } from 'antd';

/** Shown only when no shell lends its login panel (the remote on its own, in tests). */
export function LoginPanelPlaceholder() {
  return (
    <Card title="学员登录" size="small" style={{ height: '100%' }}>
      <p style={{ color: '#8c8c8c' }}>学员登录功能建设中，敬请期待。</p>
    </Card>
  );
}
