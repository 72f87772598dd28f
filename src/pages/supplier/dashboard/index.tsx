import { DashboardView } from "../../../components/dashboard/DashboardView";

export default function SupplierDashboard() {
  return <DashboardView area="supplier" />;
}
