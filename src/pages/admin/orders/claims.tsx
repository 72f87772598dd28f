import { ClaimList } from "../../../components/orders/Claims";

export default function AdminClaimList() {
  return <ClaimList />;
}
