import { getListboxItemId, KBAR_LISTBOX, useKBar, VisualState } from "@refinedev/kbar";
import { useEffect, useEffectEvent, useLayoutEffect, useRef, type CSSProperties } from "react";
import { rankActions } from "./paletteMatches";
import { takeTypedAhead } from "./paletteTypeAhead";

/**
 * The palette's search box. kbar's own box is bound to kbar's store, which updates after React's
 * next render: keys typed faster than that were undone ("order list" read "rde it"), and it
 * emptied the search after mounting. This box keeps what is typed itself and tells kbar; it is
 * emptied when the palette closes and when the user steps into or out of a group (languages). What was typed
 * before it mounted is put in as it mounts.
 */
export function PaletteSearch({ placeholder, style }: { placeholder: string; style: CSSProperties }) {
  const { query, search, actions, rootActionId, activeIndex, showing } = useKBar((state) => ({
    search: state.searchQuery,
    actions: state.actions,
    rootActionId: state.currentRootActionId,
    activeIndex: state.activeIndex,
    showing: state.visualState === VisualState.showing,
  }));
  const { inputRefSetter } = query;
  const root = useRef(rootActionId);
  // The search the list on screen was drawn for; Enter can arrive before the list is redrawn.
  const drawn = useRef(search);
  useLayoutEffect(() => {
    drawn.current = search;
  });
  useEffect(() => {
    if (root.current === rootActionId) return;
    root.current = rootActionId;
    const input = query.getInput();
    input.value = "";
    query.setSearch("");
    input.focus();
  }, [rootActionId, query]);
  useEffect(() => () => query.setSearch(""), [query]);

  // Enter typed faster than the list redraws: run the best match of what is typed, not the highlighted row of an
  // older search (kbar clicks whatever row is on screen).
  const runBest = (typed: string) => {
    const best = rankActions(actions, rootActionId, typed).find((item) => typeof item !== "string");
    if (!best || typeof best === "string") return;
    if (best.command) {
      best.command.perform(best);
      query.toggle();
    } else {
      query.setSearch("");
      query.setCurrentRootAction(best.id);
    }
  };
  const takeAhead = useEffectEvent(() => {
    const ahead = takeTypedAhead();
    if (!ahead) return;
    query.getInput().value = ahead.text;
    query.setSearch(ahead.text);
    if (ahead.enter) runBest(ahead.text);
  });
  // The palette is a dialog: its search box takes the focus as it opens.
  useLayoutEffect(() => query.getInput().focus(), [query]);
  useLayoutEffect(() => takeAhead(), []);

  return (
    <input
      ref={inputRefSetter}
      autoComplete="off"
      spellCheck={false}
      role="combobox"
      aria-expanded={showing}
      aria-controls={KBAR_LISTBOX}
      aria-activedescendant={getListboxItemId(activeIndex)}
      aria-label={placeholder}
      data-testid="palette-search"
      placeholder={rootActionId && actions[rootActionId] ? actions[rootActionId].name : placeholder}
      defaultValue=""
      onChange={(e) => query.setSearch(e.target.value)}
      onKeyDown={(e) => {
        // Backspace in an empty box steps back out of a group.
        if (rootActionId && !e.currentTarget.value && e.key === "Backspace")
          query.setCurrentRootAction(actions[rootActionId].parent);
        const typed = e.currentTarget.value;
        if (e.key === "Enter" && !e.nativeEvent.isComposing && typed !== drawn.current) {
          e.preventDefault();
          e.stopPropagation();
          runBest(typed);
        }
      }}
      style={style}
    />
  );
}
