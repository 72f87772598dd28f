import { ApproveQueue } from "../../../components/product/ApproveQueue";

export default function AdminProductApprove() {
  return <ApproveQueue />;
}
