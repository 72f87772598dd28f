import { useParams } from "react-router";
import { OrderView } from "../../../components/orders/OrderView";

export default function AdminBranchOrderView() {
  const { id } = useParams<{ id: string }>();
  return <OrderView key={id} id={id ?? ""} variant="branch" />;
}
