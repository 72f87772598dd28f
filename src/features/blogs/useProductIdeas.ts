import { useState } from "react";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { blogConfig, type BlogKind, type LinkedProduct, type PostDetail } from "./model";
import { errorMessage } from "../../components/kit/errors";

/**
 * The product ideas of the post in the form. A saved post's ideas are saved at each change, through their
 * own verbs (the post's version is not involved, so the form's unsaved text is kept); a new post's are
 * held until the post is created, then saved with `saveAfterCreate`.
 */
export function useProductIdeas(blog: BlogKind, post: PostDetail | undefined) {
  const t = useTranslate();
  const { writeCall } = blogConfig(blog).calls;
  const { mutateAsync, mutation } = useCustomMutation();
  const [products, setProducts] = useState<LinkedProduct[]>(post?.products ?? []);
  // A (re)read post is the truth, e.g. after reloading a changed post (the post last seen, kept to notice one while
  // rendering).
  const [read, setRead] = useState(post);
  if (read !== post) {
    setRead(post);
    if (post) setProducts(post.products);
  }

  const failed = (error: unknown) => ({
    type: "error" as const,
    message: t("blogs.messages.actionFailed", "The action failed"),
    description: errorMessage(error),
  });
  const send = (verb: "sortProducts" | "removeProduct", values: Record<string, unknown>, message: string | false) =>
    mutateAsync({
      ...writeCall(verb),
      values,
      successNotification: message === false ? false : () => ({ type: "success", message }),
      errorNotification: failed,
    }).then((r) => (r.data as { data: PostDetail }).data.products);

  const saveOrder = (ids: number[], message: string) =>
    post ? send("sortProducts", { id: post.id, productIds: ids }, message).then(setProducts) : undefined;

  return {
    products,
    busy: mutation.isPending,
    add: (picked: LinkedProduct[]) =>
      post
        ? saveOrder(
            [...products, ...picked].map((p) => p.id),
            t("blogs.messages.productsAdded", "Products added"),
          )
        : setProducts([...products, ...picked]),
    reorder: (ids: number[]) =>
      post
        ? saveOrder(ids, t("blogs.messages.orderSaved", "Order saved"))
        : setProducts(ids.map((id) => products.find((p) => p.id === id)!)),
    remove: (product: LinkedProduct) =>
      post
        ? send(
            "removeProduct",
            { id: post.id, productId: product.id },
            t("blogs.messages.productRemoved", "Product removed"),
          ).then(setProducts)
        : setProducts(products.filter((p) => p.id !== product.id)),
    /** A new post's shop changed: the ideas picked belong to the other shop. */
    clear: () => setProducts([]),
    /** Saves a new post's ideas once it exists; false when that failed (the error is shown). */
    saveAfterCreate: (id: number): Promise<boolean> =>
      products.length
        ? send("sortProducts", { id, productIds: products.map((p) => p.id) }, false).then(
            () => true,
            () => false,
          )
        : Promise.resolve(true),
  };
}
