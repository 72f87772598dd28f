import { PostForm } from "../../blog/PostForm";

export default function SupplierBlogCreate() {
  return <PostForm area="supplier" mode="create" />;
}
