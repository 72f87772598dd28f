import { OrderList } from "../../../components/orders/OrderList";

export default function AdminOrderList() {
  return <OrderList variant="all" />;
}
