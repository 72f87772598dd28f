import { theme } from "antd";
import dayjs from "dayjs";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface Series {
  key: string;
  name: string;
  kind: "bar" | "line";
  /** Counts on the left axis, money on the right; `scale` a series of its own size on a hidden axis (visitors beside a few orders). */
  axis: "count" | "money" | "scale";
  color: "primary" | "warning" | "success";
}

interface Props {
  data: { day: string; [key: string]: number | string }[];
  series: Series[];
  money(v: number): string;
  number(v: number): string;
}

/** Figures per day over the chosen range (the range's days, none missing). */
export default function TrendChart({ data, series, money, number }: Props) {
  const { token } = theme.useToken();
  const tick = { fill: token.colorTextSecondary, fontSize: 12 };
  const colors = { primary: token.colorPrimary, warning: token.colorWarning, success: token.colorSuccess };
  const hasMoney = series.some((s) => s.axis === "money");
  // Axis ticks are short and read left to right (Latin digits, as the app shows amounts).
  const compact = (v: number) =>
    new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 }).format(v);
  return (
    // Axes read left to right in every language; recharts mis-places labels under rtl.
    <div dir="ltr" style={{ width: "100%", height: 300 }}>
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
          <XAxis
            dataKey="day"
            tick={tick}
            stroke={token.colorBorder}
            tickFormatter={(d: string) => dayjs(d).format("D MMM")}
            minTickGap={16}
          />
          <YAxis
            yAxisId="count"
            allowDecimals={false}
            tick={tick}
            stroke={token.colorBorder}
            width={44}
            tickFormatter={compact}
          />
          {hasMoney && (
            <YAxis
              yAxisId="money"
              orientation="right"
              tick={tick}
              stroke={token.colorBorder}
              width={52}
              tickFormatter={compact}
            />
          )}
          {series.some((s) => s.axis === "scale") && <YAxis yAxisId="scale" hide />}
          <Tooltip
            contentStyle={{
              background: token.colorBgElevated,
              borderColor: token.colorBorderSecondary,
              color: token.colorText,
            }}
            // The label is the row's `day`.
            labelFormatter={(d) => (typeof d === "string" ? dayjs(d).format("ll") : d)}
            formatter={(v, _name, item) => {
              const s = series.find((x) => x.key === item.dataKey);
              return s?.axis === "money" ? money(Number(v)) : number(Number(v));
            }}
          />
          <Legend />
          {series.map((s) =>
            s.kind === "bar" ? (
              <Bar
                key={s.key}
                yAxisId={s.axis}
                dataKey={s.key}
                name={s.name}
                fill={colors[s.color]}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
            ) : (
              <Line
                key={s.key}
                yAxisId={s.axis}
                dataKey={s.key}
                name={s.name}
                stroke={colors[s.color]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
