import { useParams } from "react-router";
import { ClaimNew } from "../../../components/orders/Claims";

export default function AdminClaimNew() {
  const { id } = useParams<{ id: string }>();
  return <ClaimNew key={id} orderId={id ?? ""} />;
}
