import { useParams } from "react-router";
import { ClaimDetail } from "../../../components/orders/Claims";

export default function AdminClaimDetail() {
  const { id } = useParams<{ id: string }>();
  return <ClaimDetail key={id} id={id ?? ""} kind="claim" />;
}
