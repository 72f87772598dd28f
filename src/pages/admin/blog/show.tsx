import { useParams } from "react-router";
import { PostShow } from "../../blog/PostShow";

export default function AdminBlogShow() {
  const { id } = useParams<{ id: string }>();
  return <PostShow key={id} area="admin" id={id ?? ""} />;
}
