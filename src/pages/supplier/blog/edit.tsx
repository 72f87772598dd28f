import { useParams } from "react-router";
import { PostForm } from "../../blog/PostForm";

export default function SupplierBlogEdit() {
  const { id } = useParams<{ id: string }>();
  return <PostForm key={id} area="supplier" mode="edit" id={id} />;
}
