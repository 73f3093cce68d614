import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportGroup } from '@yaoshi/contracts/reports';

/**
 * Completion by region: per region one bar of its enrolled learners, split into those who
 * completed and those who have not, the completion rate beside the region's name. The one chart library
 * of the console (recharts), in a chunk of its own that only 统计报表 loads — never the shell
 * or a learner's page.
 */
export default function CompletionChart({ groups }: { groups: readonly ReportGroup[] }) {
  // recharts draws with SVG attributes, where a CSS property (var(--ys-…)) does not hold:
  // the colours are antd's own values, from the console's theme.
  const { token } = theme.useToken();
  const data = groups.map((group) => ({
    name: `${group.name} ${group.completion_rate.toFixed(1)}%`,
    completed: group.completed,
    open: group.enrolled - group.completed,
  }));
  return (
    <figure aria-label="各地区完成率图" data-testid="completion-chart" style={{ margin: 0, height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 24, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} width={40} label={{ value: '人数', angle: -90, position: 'insideLeft' }} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="completed"
            name="已完成"
            stackId="learners"
            fill={token.colorSuccess}
            maxBarSize={56}
            isAnimationActive={false}
          />
          <Bar
            dataKey="open"
            name="未完成"
            stackId="learners"
            fill={token.colorTextPlaceholder}
            maxBarSize={56}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
