import { theme } from "antd";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface ChartPoint {
  key: string;
  label: string;
  value: number;
}

/** A report's chart: counts by a key (bars), or by day (a line). Loaded with the screen's chart only. */
export default function ReportChart({
  data,
  kind,
  valueLabel,
}: {
  data: ChartPoint[];
  kind: "bar" | "line";
  valueLabel: string;
}) {
  // Colours follow the theme: the preset's primary colour, readable axes in dark mode.
  const { token } = theme.useToken();
  const tick = { fill: token.colorTextSecondary, fontSize: 12 };
  const tooltip = {
    background: token.colorBgElevated,
    borderColor: token.colorBorderSecondary,
    color: token.colorText,
  };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
      <XAxis dataKey="label" tick={tick} stroke={token.colorBorder} interval="preserveStartEnd" minTickGap={8} />
      <YAxis allowDecimals={false} tick={tick} stroke={token.colorBorder} width={48} />
      <Tooltip contentStyle={tooltip} cursor={{ fill: token.colorFillSecondary }} />
    </>
  );
  return (
    // Axes read left to right in every language; recharts mis-places labels under rtl.
    <div dir="ltr" style={{ width: "100%", height: 240 }} data-testid="report-chart">
      <ResponsiveContainer>
        {kind === "line" ? (
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            {axes}
            <Line
              dataKey="value"
              name={valueLabel}
              stroke={token.colorPrimary}
              strokeWidth={2}
              dot={data.length < 40}
              isAnimationActive={false}
            />
          </LineChart>
        ) : (
          <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            {axes}
            <Bar
              dataKey="value"
              name={valueLabel}
              fill={token.colorPrimary}
              radius={[4, 4, 0, 0]}
              maxBarSize={56}
              isAnimationActive={false}
            />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
