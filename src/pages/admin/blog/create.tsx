import { PostForm } from "../../blog/PostForm";

export default function AdminBlogCreate() {
  return <PostForm area="admin" mode="create" />;
}
