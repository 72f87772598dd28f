import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { useParams } from "react-router";

export type Page = LazyExoticComponent<ComponentType>;

/**
 * A route's page: the screen component, loaded as its own chunk, with the route's `:id` (when it
 * has one) and fixed props. A new id remounts the screen, so no state leaks between records.
 */
export function page<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props: Omit<P, "id"> = {} as Omit<P, "id">,
): Page {
  return lazy(async () => {
    const Screen = (await load()) as ComponentType<any>;
    function RoutedScreen() {
      const { id } = useParams<{ id: string }>();
      return id === undefined ? <Screen {...props} /> : <Screen key={id} id={id} {...props} />;
    }
    return { default: RoutedScreen };
  });
}
