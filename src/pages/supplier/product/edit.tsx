import { useParams } from "react-router";
import { ProductEditor } from "../../../components/product/ProductEditor";

export default function SupplierProductEdit() {
  const { id } = useParams<{ id: string }>();
  return <ProductEditor key={id} area="supplier" flow="product" id={Number(id)} />;
}
