import { DashboardView } from "../../../components/dashboard/DashboardView";

export default function AdminDashboard() {
  return <DashboardView area="admin" />;
}
