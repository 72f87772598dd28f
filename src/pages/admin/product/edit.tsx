import { useParams } from "react-router";
import { ProductEditor } from "../../../components/product/ProductEditor";

export default function AdminProductEdit() {
  const { id } = useParams<{ id: string }>();
  return <ProductEditor key={id} area="admin" flow="product" id={Number(id)} />;
}
