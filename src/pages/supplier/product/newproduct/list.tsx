import { NewProductList } from "../../../../components/product/NewProductList";

export default function SupplierNewProductList() {
  return <NewProductList area="supplier" />;
}
