import { ProductList } from "../../../components/product/ProductList";

export default function AdminProductList() {
  return <ProductList area="admin" />;
}
