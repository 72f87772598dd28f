import { useParams } from "react-router";
import { PostShow } from "../../blog/PostShow";

export default function SupplierBlogShow() {
  const { id } = useParams<{ id: string }>();
  return <PostShow key={id} area="supplier" id={id ?? ""} />;
}
