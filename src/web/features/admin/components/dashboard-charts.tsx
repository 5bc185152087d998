// The dashboard's charts (Recharts, bundled with the admin panel only: the admin page's code loads on its
// first visit, so no public page carries the library). Each chart is a figure with a caption and, for
// screen readers and for anyone who wants the numbers, the same data as a visually hidden table.
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ChartRow = { label: string; value: number };

const TEAL = '#0f766e';
const AXIS = { fontSize: 12, fill: '#57534e' };

/** One chart: the caption names it, the hidden table carries its numbers. */
function ChartFigure({ caption, rows, unit, children }: { caption: string; rows: ChartRow[]; unit: string; children: ReactNode }) {
  return (
    <figure aria-label={caption} data-testid="dashboard-chart">
      <div className="h-64 w-full" aria-hidden="true">
        {children}
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Vertical bars over time (leads per day, revenue per month). */
export function ColumnChart({
  caption,
  rows,
  unit,
  format = String,
}: {
  caption: string;
  rows: ChartRow[];
  unit: string;
  format?: (value: number) => string;
}) {
  return (
    <ChartFigure caption={caption} rows={rows} unit={unit}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
          <YAxis tick={AXIS} tickLine={false} axisLine={false} allowDecimals={false} width={48} tickFormatter={format} />
          <Tooltip formatter={(value) => [format(Number(value)), unit]} cursor={{ fill: '#f5f5f4' }} />
          <Bar dataKey="value" name={unit} fill={TEAL} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Horizontal bars, one per stage (the funnel). */
export function StageChart({ caption, rows, unit }: { caption: string; rows: ChartRow[]; unit: string }) {
  return (
    <ChartFigure caption={caption} rows={rows} unit={unit}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e7e5e4" />
          <XAxis type="number" tick={AXIS} tickLine={false} allowDecimals={false} />
          <YAxis type="category" dataKey="label" tick={AXIS} tickLine={false} axisLine={false} width={88} />
          <Tooltip formatter={(value) => [String(value), unit]} cursor={{ fill: '#f5f5f4' }} />
          <Bar
            dataKey="value"
            name={unit}
            fill={TEAL}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
            label={{ position: 'right', ...AXIS }}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
