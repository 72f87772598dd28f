import { NewProductList } from "../../../components/product/NewProductList";

export default function AdminProductReportNew() {
  return <NewProductList area="admin" />;
}
