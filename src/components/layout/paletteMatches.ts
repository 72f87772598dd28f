import { useKBar, type ActionImpl } from "@refinedev/kbar";
import commandScore from "command-score";
import { useMemo } from "react";

const sectionName = (a: ActionImpl) => (typeof a.section === "string" ? a.section : (a.section?.name ?? ""));

/** An action's whole family below it (a language parent's languages), for searching every level. */
function withDescendants(actions: ActionImpl[]): ActionImpl[] {
  const all: ActionImpl[] = [];
  const walk = (list: ActionImpl[]) =>
    list.forEach((a) => {
      all.push(a);
      walk(a.children);
    });
  walk(actions);
  return all;
}

/** The palette's results for a search, ranked like kbar (command-score, grouped by section). */
export function rankActions(
  actions: Record<string, ActionImpl>,
  rootActionId: string | null | undefined,
  search: string,
): (string | ActionImpl)[] {
  const all = Object.values(actions);
  const root = rootActionId ? (actions[rootActionId]?.children ?? []) : all.filter((a) => !a.parent);
  const query = search.trim();
  const ranked = query
    ? withDescendants(root)
        .map((action) => ({
          action,
          score: commandScore([action.name, action.keywords, action.subtitle].join(" "), query),
        }))
        .filter((m) => m.score > 0)
        .sort((a, b) => b.score - a.score)
    : root.map((action) => ({ action, score: 0 }));
  // Sections in the order of their best match; actions inside a section by score.
  const sections = new Map<string, ActionImpl[]>();
  for (const { action } of ranked) {
    const name = sectionName(action);
    sections.set(name, [...(sections.get(name) ?? []), action]);
  }
  return [...sections].flatMap(([name, list]) => (name ? [name, ...list] : list));
}

/**
 * The palette's results for what is in the search box now. kbar's own `useMatches` ranks a
 * throttled copy of the search, so Enter pressed right after fast typing ran the first result of
 * an older, shorter search ("o" → Install rates for "order list").
 */
export function usePaletteMatches(): (string | ActionImpl)[] {
  const { search, actions, rootActionId } = useKBar((state) => ({
    search: state.searchQuery,
    actions: state.actions,
    rootActionId: state.currentRootActionId,
  }));
  return useMemo(() => rankActions(actions, rootActionId, search), [search, actions, rootActionId]);
}
