import { OrderList } from "../../../components/orders/OrderList";

export default function AdminBranchOrderList() {
  return <OrderList variant="branch" />;
}
