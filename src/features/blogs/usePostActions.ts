import { useCustomMutation, useDelete, useTranslate, type BaseKey } from "@refinedev/core";
import { writeCall, blogResource, errorMessage, type BlogArea, type PostStatus } from "./model";

/** Close/reopen and delete, with their notifications; both refresh the blog queries. */
export function usePostActions(area: BlogArea) {
  const t = useTranslate();
  const resource = blogResource(area);
  const { mutateAsync: custom, mutation: customMutation } = useCustomMutation();
  const { mutateAsync: remove, mutation: removeMutation } = useDelete();

  const failed = (error: unknown) => ({
    type: "error" as const,
    message: t("blog.messages.actionFailed", "The action failed"),
    description: errorMessage(error),
  });

  const toggleClosed = (id: BaseKey, status: PostStatus) => {
    const closed = status !== "closed";
    return custom({
      ...writeCall("close"),
      values: { id: Number(id), closed },
      successNotification: () => ({
        type: "success",
        message: closed ? t("blog.messages.closed", "Post closed") : t("blog.messages.reopened", "Post reopened"),
      }),
      errorNotification: failed,
    });
  };

  const deletePost = (id: BaseKey) =>
    remove({
      resource,
      id,
      // The post is gone: refetching its detail would only answer 404.
      invalidates: ["list", "many"],
      successNotification: () => ({ type: "success", message: t("blog.messages.deleted", "Post deleted") }),
      errorNotification: failed,
    });

  return {
    toggleClosed,
    deletePost,
    busy: customMutation.isPending || removeMutation.isPending,
  };
}
