import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

interface Props {
  data: { month: string; orders: number; revenue: number }[];
  ordersLabel: string;
  revenueLabel: string;
}

export default function OrdersChart({ data, ordersLabel, revenueLabel }: Props) {
  return (
    // Axes read left to right in every language; recharts mis-places labels under rtl.
    <div dir="ltr" style={{ width: "100%", height: 320 }}>
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="month" />
          <YAxis yAxisId="orders" allowDecimals={false} />
          <YAxis yAxisId="revenue" orientation="right" />
          <Tooltip />
          <Legend />
          <Bar yAxisId="orders" dataKey="orders" name={ordersLabel} fill="#1677ff" radius={[4, 4, 0, 0]} />
          <Line yAxisId="revenue" dataKey="revenue" name={revenueLabel} stroke="#fa8c16" strokeWidth={2} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
