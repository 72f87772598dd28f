import {
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  ProjectOutlined,
  PictureOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TableOutlined,
  TagsOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";

/** navConfig names its icons; the client owns the drawing. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  blog: <FileTextOutlined />,
  routes: <TableOutlined />,
  product: <ShoppingOutlined />,
  order: <ShoppingCartOutlined />,
  orders: <ShoppingCartOutlined />,
  shop: <ShopOutlined />,
  user: <UserOutlined />,
  setting: <SettingOutlined />,
  banner: <PictureOutlined />,
  banners: <PictureOutlined />,
  campaign: <GiftOutlined />,
  promotion: <TagsOutlined />,
  report: <BarChartOutlined />,
  reports: <BarChartOutlined />,
  apps: <AppstoreAddOutlined />,
  kanban: <ProjectOutlined />,
  audit: <AuditOutlined />,
};

export const navIcon = (name: string | undefined): ReactNode =>
  name ? (ICONS[name] ?? <AppstoreOutlined />) : undefined;
