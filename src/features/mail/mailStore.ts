import { inView, type MailSummary, type MailView } from "./model";

/**
 * The list of one view, normalised: each mail once in `byId`, the order (newest first, as the server
 * pages it) in `allIds`. Pages are appended as they load; a change to one mail (read, starred, moved)
 * replaces it in place, or drops it when it no longer belongs to the view.
 */
export interface MailsState {
  view: MailView;
  byId: Record<number, MailSummary>;
  allIds: number[];
  /** How many the server holds for the view (`x-total-count`). */
  total: number;
  /** Pages are loaded up to here (the next page starts at `loaded`). */
  loaded: number;
  status: "loading" | "ready" | "error";
  error?: unknown;
}

export type MailsAction =
  | { type: "reset"; view: MailView }
  | { type: "page"; start: number; items: MailSummary[]; total: number }
  | { type: "failed"; error: unknown }
  | { type: "loading" }
  | { type: "changed"; mail: MailSummary }
  | { type: "removed"; id: number };

export const emptyMails = (view: MailView): MailsState => ({
  view,
  byId: {},
  allIds: [],
  total: 0,
  loaded: 0,
  status: "loading",
});

const sentOrSaved = (m: MailSummary) => m.sentAt ?? m.updatedAt;

export function mailsReducer(state: MailsState, action: MailsAction): MailsState {
  switch (action.type) {
    case "reset":
      return emptyMails(action.view);
    case "loading":
      return { ...state, status: "loading", error: undefined };
    case "failed":
      return { ...state, status: "error", error: action.error };
    case "page": {
      // A first page replaces what was there (a reload); later pages add what is not listed yet.
      const byId = action.start === 0 ? {} : { ...state.byId };
      const allIds = action.start === 0 ? [] : [...state.allIds];
      for (const m of action.items) {
        if (!(m.id in byId)) allIds.push(m.id);
        byId[m.id] = m;
      }
      return {
        ...state,
        byId,
        allIds,
        total: action.total,
        loaded: action.start + action.items.length,
        status: "ready",
        error: undefined,
      };
    }
    case "changed": {
      const { mail } = action;
      const listed = mail.id in state.byId;
      const belongs = inView(mail, state.view);
      if (listed && !belongs) return mailsReducer(state, { type: "removed", id: mail.id });
      if (listed) return { ...state, byId: { ...state.byId, [mail.id]: mail } };
      // A search is the server's to decide; a new mail of a plain view goes where its date puts it.
      if (!belongs || state.view.q) return state;
      const at = state.allIds.findIndex((id) => sentOrSaved(state.byId[id]) < sentOrSaved(mail));
      const allIds = [...state.allIds];
      allIds.splice(at < 0 ? allIds.length : at, 0, mail.id);
      return {
        ...state,
        byId: { ...state.byId, [mail.id]: mail },
        allIds,
        total: state.total + 1,
        loaded: state.loaded + 1,
      };
    }
    case "removed": {
      if (!(action.id in state.byId)) return state;
      const { [action.id]: _gone, ...byId } = state.byId;
      return {
        ...state,
        byId,
        allIds: state.allIds.filter((id) => id !== action.id),
        total: Math.max(0, state.total - 1),
        loaded: Math.max(0, state.loaded - 1),
      };
    }
  }
}

/** The listed mails in order. */
export const listed = (state: MailsState): MailSummary[] => state.allIds.map((id) => state.byId[id]);
export const hasMore = (state: MailsState) => state.loaded < state.total;
