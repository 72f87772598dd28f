import { ProductList } from "../../../components/product/ProductList";

export default function SupplierProductList() {
  return <ProductList area="supplier" />;
}
