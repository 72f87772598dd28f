/**
 * The floor of `npm run bench:ui` (bench/ui-bench.ts builds it, no app code): a bare Vite + React + antd page with
 * a sider menu and a 20-row table of the order list's first page, fetched as the app fetches it (POST
 * /api/order/orderlist, `{ page: 1, limit: 20 }`, the token the app keeps in localStorage `accessToken`).
 * Nothing else: no router, no i18n, no data layer, so a screen's ratio to it is what the app adds.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Layout, Menu, Table } from 'antd';

interface Order {
  id: number;
  orderNo: string;
  shopName: string;
  customerName: string;
  status: string;
  total: number;
  createdAt: string;
}

const columns = [
  { title: 'Order', dataIndex: 'orderNo' },
  { title: 'Shop', dataIndex: 'shopName' },
  { title: 'Customer', dataIndex: 'customerName' },
  { title: 'Status', dataIndex: 'status' },
  { title: 'Total', dataIndex: 'total', align: 'right' as const },
  { title: 'Created', dataIndex: 'createdAt' },
];

const menu = ['Dashboard', 'Orders', 'Products', 'Customers', 'Reports'].map((label) => ({ key: label, label }));

function Floor() {
  const [page, setPage] = useState<{ orders: Order[]; total: number }>({ orders: [], total: 0 });
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    void fetch('/api/order/orderlist', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
      },
      body: JSON.stringify({ page: 1, limit: 20 }),
    })
      .then((r) => r.json() as Promise<{ orders?: Order[]; totalorders?: number }>)
      .then((body) => setPage({ orders: body.orders ?? [], total: body.totalorders ?? 0 }))
      .finally(() => setLoading(false));
  }, []);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" width={220}>
        <Menu mode="inline" items={menu} defaultSelectedKeys={['Orders']} />
      </Layout.Sider>
      <Layout.Content style={{ padding: 24 }}>
        <Table<Order>
          rowKey="id"
          columns={columns}
          dataSource={page.orders}
          loading={loading}
          pagination={{ pageSize: 20, total: page.total, showSizeChanger: false }}
        />
      </Layout.Content>
    </Layout>
  );
}

createRoot(document.getElementById('root')!).render(<Floor />);
