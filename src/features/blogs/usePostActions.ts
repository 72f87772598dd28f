import { useCustomMutation, useTranslate, type BaseKey } from "@refinedev/core";
import { blogConfig, blogResource, type BlogKind, type PostStatus } from "./model";
import { errorMessage } from "../../components/kit/errors";

/** Close/reopen, and the delete button's settings, with their notifications; both refresh the blog queries. */
export function usePostActions(blog: BlogKind) {
  const t = useTranslate();
  const resource = blogResource(blog);
  const { writeCall } = blogConfig(blog).calls;
  const { mutateAsync: custom, mutation: customMutation } = useCustomMutation();

  const failed = (error: unknown) => ({
    type: "error" as const,
    message: t("blogs.messages.actionFailed", "The action failed"),
    description: errorMessage(error),
  });

  const toggleClosed = (id: BaseKey, status: PostStatus) => {
    const closed = status !== "closed";
    return custom({
      ...writeCall("close"),
      values: { id: Number(id), closed },
      successNotification: () => ({
        type: "success",
        message: closed ? t("blogs.messages.closed", "Post closed") : t("blogs.messages.reopened", "Post reopened"),
      }),
      errorNotification: failed,
    });
  };

  /** Props of Refine's DeleteButton for a post: its resource, confirm texts and notifications. */
  const deleteProps = {
    resource,
    confirmTitle: `${t("blogs.messages.confirmDelete", "Delete this post?")} ${t("blogs.messages.deleteHint", "It disappears everywhere. This cannot be undone.")}`,
    confirmOkText: t("blogs.actions.delete", "Delete"),
    confirmCancelText: t("buttons.cancel"),
    // The post is gone: refetching its detail would only answer 404.
    invalidates: ["list", "many"] as ("list" | "many")[],
    successNotification: () => ({ type: "success" as const, message: t("blogs.messages.deleted", "Post deleted") }),
    errorNotification: failed,
  };

  return {
    toggleClosed,
    deleteProps,
    busy: customMutation.isPending,
  };
}
