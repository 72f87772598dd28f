import { PostList } from "../../blog/PostList";

export default function SupplierBlogList() {
  return <PostList area="supplier" />;
}
