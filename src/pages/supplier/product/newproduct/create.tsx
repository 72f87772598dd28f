import { NewProductCreate } from "../../../../components/product/NewProductCreate";

export default function SupplierNewProductCreate() {
  return <NewProductCreate />;
}
