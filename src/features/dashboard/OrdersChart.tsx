import { theme } from "antd";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

interface Props {
  data: { month: string; orders: number; revenue: number }[];
  ordersLabel: string;
  revenueLabel: string;
}

export default function OrdersChart({ data, ordersLabel, revenueLabel }: Props) {
  // Colours follow the theme: the preset's primary colour, readable axes in dark mode.
  const { token } = theme.useToken();
  const tick = { fill: token.colorTextSecondary };
  return (
    // Axes read left to right in every language; recharts mis-places labels under rtl.
    <div dir="ltr" style={{ width: "100%", height: 320 }}>
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
          <XAxis dataKey="month" tick={tick} stroke={token.colorBorder} />
          <YAxis yAxisId="orders" allowDecimals={false} tick={tick} stroke={token.colorBorder} />
          <YAxis yAxisId="revenue" orientation="right" tick={tick} stroke={token.colorBorder} />
          <Tooltip
            contentStyle={{
              background: token.colorBgElevated,
              borderColor: token.colorBorderSecondary,
              color: token.colorText,
            }}
          />
          <Legend />
          <Bar yAxisId="orders" dataKey="orders" name={ordersLabel} fill={token.colorPrimary} radius={[4, 4, 0, 0]} />
          <Line yAxisId="revenue" dataKey="revenue" name={revenueLabel} stroke={token.colorWarning} strokeWidth={2} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
