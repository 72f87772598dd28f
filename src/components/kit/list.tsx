import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from "react";
import { useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilter, CrudOperators, CrudSort } from "@refinedev/core";
import { Button, Empty, Flex, Grid, Input, type Breakpoint, type CheckboxProps } from "antd";
import { useTranslation } from "react-i18next";
import { SavedViews } from "./SavedViews";

export type FilterValues = Record<string, unknown>;

interface ListOptions {
  pageSize?: number;
  /** Server sorting; review queues start with the oldest first. */
  sorters?: { initial?: CrudSort[]; mode?: "server" | "off" };
  /** Filters a list starts with when the URL names none (e.g. the pending tab of a review queue). */
  initial?: FilterValues;
  /** Filters read back from the URL as numbers (ids), so selects match their options again. */
  numeric?: readonly string[];
  /** What the list says when it has no rows at all (e.g. "No products yet — add your first"). */
  empty?: ReactNode;
  /** Called whenever the filters change (e.g. to clear a selection). */
  onApply?: () => void;
  /** Keep filters, page and sort in the URL (default): they survive a reload and can be shared. */
  syncWithLocation?: boolean;
  /** `rest` for a `/api/v2` resource (then `resource` is its REST name, e.g. `campaigns`). */
  dataProviderName?: string;
}

const isSet = (v: unknown) => v !== undefined && v !== null && v !== "";

/**
 * A filter's key in the filter object: its field for equality, `field@operator` for any other (e.g.
 * `name@contains`, `createdAt@gte`), so one field can carry a range.
 */
const keyOf = (f: { field: string; operator: string }) => (f.operator === "eq" ? f.field : `${f.field}@${f.operator}`);
const filterOf = (key: string, value: unknown): CrudFilter => {
  const [field, operator = "eq"] = key.split("@");
  return { field, operator: operator as Exclude<CrudOperators, "or" | "and">, value };
};

/**
 * Every list's table: Refine's `useTable` with the filters, page and sort in the URL, the filters
 * as a plain object for the filter bar, the total under the table, an empty state that tells
 * "nothing yet" from "nothing matches" (with a way to clear the filters), and the user's saved
 * views of the list (`savedViews`, for the filter bar's `extra`).
 */
export function useListTable<T extends BaseRecord>(resource: string, options: ListOptions = {}) {
  const {
    pageSize = 20,
    sorters = { mode: "off" },
    initial = {},
    numeric = [],
    empty,
    onApply,
    syncWithLocation = true,
    dataProviderName,
  } = options;
  const { t } = useTranslation();
  const {
    setFilters,
    setCurrentPage,
    setSorters,
    setPageSize,
    filters: crud,
    sorters: sorting,
    pageSize: size,
    tableProps,
    ...table
  } = useTable<T>({
    resource,
    dataProviderName,
    pagination: { pageSize },
    sorters,
    filters: {
      initial: Object.entries(initial).map(([key, value]) => filterOf(key, value)),
    },
    syncWithLocation,
  });

  const filters = useMemo(() => {
    const out: FilterValues = {};
    for (const f of crud) {
      if (!("field" in f) || !isSet(f.value)) continue;
      out[keyOf(f)] =
        numeric.includes(f.field) && typeof f.value === "string" && /^\d+$/.test(f.value) ? Number(f.value) : f.value;
    }
    return out;
  }, [crud, numeric]);

  const apply = (next: FilterValues, mode: "merge" | "replace" = "merge") => {
    const merged = mode === "merge" ? { ...filters, ...next } : next;
    setFilters(
      Object.entries(merged)
        .filter(([, v]) => isSet(v))
        .map(([key, value]) => filterOf(key, value)),
      "replace",
    );
    setCurrentPage(1);
    onApply?.();
  };
  const filtered = Object.keys(filters).length > 0;

  // Saved views store what the URL holds (filters, sort, page size) under a name, per user.
  const savedViews = (
    <SavedViews
      listKey={resource}
      current={{ filters: crud, sorters: sorting, pageSize: size }}
      onApply={(view) => {
        setFilters((view.filters ?? []) as CrudFilter[], "replace");
        setSorters((view.sorters ?? []) as CrudSort[]);
        if (view.pageSize) setPageSize(view.pageSize);
        setCurrentPage(1);
        onApply?.();
      }}
    />
  );

  return {
    ...table,
    sorters: sorting,
    filters,
    /** The filters as Refine holds them (for a hook that reads the same rows, e.g. an export). */
    crudFilters: crud,
    apply,
    filtered,
    savedViews,
    tableProps: {
      ...tableProps,
      pagination: {
        ...(tableProps.pagination || {}),
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (total: number) => t("list.total", { count: total }),
      },
      locale: {
        emptyText: filtered ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("list.noMatch")}>
            <Button onClick={() => apply({}, "replace")}>{t("list.clearFilters")}</Button>
          </Empty>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t("list.empty")} />
        ),
      },
    },
  };
}

/** The row of filters above a list: wraps on narrow screens, one gap everywhere. */
export function FilterBar({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  const narrow = useNarrow();
  return (
    <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} align="center" style={{ flex: "1 1 auto", minWidth: 0 }}>
        {children}
      </Flex>
      {/* On a phone the extra (saved views) has a row of its own, the screen's width. */}
      {extra && <div style={{ maxWidth: "100%", width: narrow ? "100%" : undefined }}>{extra}</div>}
    </Flex>
  );
}

export const SEARCH_DELAY_MS = 400;

/**
 * A select's search on the server: what is typed applies once typing pauses (like a list's search box), so the
 * options are asked for and redrawn once a pause, not once a letter — a list redrawn per letter moved under the
 * pointer. Gives the applied search (trimmed) and the setter for the select's `onSearch`.
 */
export function useTypedSearch(): [search: string, type: (text: string) => void] {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return [search, setTyped];
}

/**
 * The one search field: applies after typing pauses (one debounce for every list), or at once on
 * Enter. It starts from `value`, the applied search (e.g. read back from the URL).
 */
export function SearchBox({
  label,
  value = "",
  onSearch,
  width = 260,
}: {
  label: string;
  value?: string;
  onSearch(value: string): void;
  width?: number;
}) {
  const [text, setText] = useState(value);
  const applied = useRef(value);
  useEffect(() => {
    // The applied search changed from outside (cleared filters, a saved view): show it.
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);
  const apply = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === applied.current) return;
    applied.current = trimmed;
    onSearch(trimmed);
  };
  // Only the typed text drives the debounce: a new onSearch does not restart it.
  const applyTyped = useEffectEvent(apply);
  useEffect(() => {
    const timer = setTimeout(() => applyTyped(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => {
        setText(v);
        apply(v);
      }}
      style={{ width, maxWidth: "100%" }}
    />
  );
}

/**
 * Where a list's key columns stick while the table scrolls sideways: on a phone nothing sticks, so
 * the first columns (number, name) stay readable instead of sliding under a pinned action column.
 */
export function usePinned(): (side: "left" | "right") => "left" | "right" | undefined {
  const screens = Grid.useBreakpoint();
  return (side) => (screens.md ? side : undefined);
}

/** Columns a phone leaves out (`responsive={WIDE}`): the key column and the state stay. */
export const WIDE: Breakpoint[] = ["md"];

/** Below md: the phone layout (no pinned columns, key columns given a width that fits the screen). */
export function useNarrow(): boolean {
  return !Grid.useBreakpoint().md;
}

/**
 * A list table's horizontal scroll: the full width from md up; on a phone only the width its shown
 * columns need, so the key column keeps its width and wraps instead of running off the screen.
 */
export function useTableScroll(): (x: number) => { x: number | "max-content" } {
  const screens = Grid.useBreakpoint();
  return (x) => ({ x: screens.md ? x : "max-content" });
}

/**
 * Keeps a sideways-scrolling table's shade true to its content: Ant Design sets it on a scroll or when the table's
 * box resizes, not when the rows grow wider inside it (words or cells that arrive after the first paint), so the
 * shade that says "more this way" was missing until the first scroll. Put the ref on an element around the table.
 */
export function useScrollCue(): (wrapper: HTMLElement | null) => () => void {
  return useCallback((wrapper: HTMLElement | null) => {
    const table = wrapper?.querySelector("table");
    if (!wrapper || !table || typeof ResizeObserver === "undefined") return () => undefined;
    const observer = new ResizeObserver(() =>
      wrapper.querySelector(".ant-table-content, .ant-table-body")?.dispatchEvent(new Event("scroll")),
    );
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
}

/**
 * A row's selection checkbox, named after the row ("Select SO2611…"): Ant Design's has no name. Ant Design
 * hands these props to the checkbox's input, though its type lists no aria attributes.
 */
export function selectRowProps(name: string, label: (name: string) => string, more: CheckboxProps = {}): CheckboxProps {
  return { ...more, "aria-label": label(name) } as CheckboxProps;
}
