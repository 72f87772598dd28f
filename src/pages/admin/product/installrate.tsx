import { InstallRateList } from "../../../components/product/InstallRateList";

export default function AdminProductInstallRate() {
  return <InstallRateList />;
}
