import { useParams } from "react-router";
import { ClaimDetail } from "../../../components/orders/Claims";

export default function AdminReturnDetail() {
  const { id } = useParams<{ id: string }>();
  return <ClaimDetail key={id} id={id ?? ""} kind="return" />;
}
