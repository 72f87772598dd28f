import { SlipList } from "../../../components/orders/SlipList";

export default function AdminSlipList() {
  return <SlipList />;
}
