import { PostList } from "../../blog/PostList";

export default function AdminBlogList() {
  return <PostList area="admin" />;
}
