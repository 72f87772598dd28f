import { useParams } from "react-router";
import { PostForm } from "../../blog/PostForm";

export default function AdminBlogEdit() {
  const { id } = useParams<{ id: string }>();
  return <PostForm key={id} area="admin" mode="edit" id={id} />;
}
