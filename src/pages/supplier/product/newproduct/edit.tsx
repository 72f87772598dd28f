import { useParams } from "react-router";
import { ProductEditor } from "../../../../components/product/ProductEditor";

export default function SupplierNewProductEdit() {
  const { id } = useParams<{ id: string }>();
  return <ProductEditor key={id} area="supplier" flow="newproduct" id={Number(id)} />;
}
