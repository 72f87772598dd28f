import { VisibilityList } from "../../../components/product/VisibilityList";

export default function AdminProductVisible() {
  return <VisibilityList />;
}
