import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportGroup } from '@yaoshi/contracts/reports';

/**
 * 完成率 by region as bars: the one chart library of the console (recharts), in a chunk of
 * its own that only 统计报表 loads — never the shell or a learner's page.
 */
export default function CompletionChart({ groups }: { groups: readonly ReportGroup[] }) {
  const data = groups.map((group) => ({ name: group.name, rate: group.completion_rate, enrolled: group.enrolled }));
  return (
    <figure aria-label="各地区完成率图" data-testid="completion-chart" style={{ margin: 0, height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 24, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} unit="%" width={48} />
          <Tooltip
            formatter={(value) => [`${String(value)}%`, '完成率']}
            labelFormatter={(label) => `地区：${String(label)}`}
          />
          <Bar dataKey="rate" name="完成率" fill="#1677ff" maxBarSize={48} isAnimationActive={false}>
            <LabelList dataKey="rate" position="top" formatter={(value) => `${String(value)}%`} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
