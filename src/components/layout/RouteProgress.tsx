import { theme } from "antd";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { activity } from "../../providers/activity";

/** Spec §9: the bar appears only when a route change is still busy after this long. */
export const PROGRESS_DELAY = 300;

type Phase = "idle" | "waiting" | "shown" | "done";

/**
 * A thin bar at the top while a route change waits for its page chunk or its data, shown only
 * once the change has taken longer than 300 ms; quick changes never flash it.
 */
export function RouteProgress() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { key } = useLocation();
  const busy = useSyncExternalStore(activity.subscribe, activity.busy);
  const [phase, setPhase] = useState<Phase>("waiting");
  // Each route change waits anew; the route last seen tells a change while rendering.
  const [route, setRoute] = useState(key);
  if (route !== key) {
    setRoute(key);
    setPhase("waiting");
  }
  // The work ended while the bar showed: finish it.
  if (!busy && phase === "shown") setPhase("done");

  useEffect(() => {
    const timer = setTimeout(
      () => setPhase((p) => (p === "waiting" ? (activity.busy() ? "shown" : "idle") : p)),
      PROGRESS_DELAY,
    );
    return () => clearTimeout(timer);
  }, [key]);

  // Finish the bar (full width, fade out), then remove it.
  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("idle"), 400);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase !== "shown" && phase !== "done") return null;
  return (
    <div
      role="progressbar"
      aria-label={t("common.loading")}
      aria-busy={phase === "shown"}
      data-testid="route-progress"
      style={{
        position: "fixed",
        top: 0,
        insetInlineStart: 0,
        insetInlineEnd: 0,
        height: 3,
        zIndex: 2000,
        pointerEvents: "none",
      }}
    >
      <div
        className={phase === "shown" ? "route-progress-run" : undefined}
        style={{
          height: "100%",
          background: token.colorPrimary,
          boxShadow: `0 0 8px ${token.colorPrimary}`,
          width: phase === "done" ? "100%" : undefined,
          opacity: phase === "done" ? 0 : 1,
          transition: "width 200ms ease-out, opacity 300ms ease 150ms",
        }}
      />
      <style>
        {
          "@keyframes route-progress{from{width:8%}to{width:90%}}.route-progress-run{animation:route-progress 8s cubic-bezier(.1,.7,.3,1) forwards}@media (prefers-reduced-motion:reduce){.route-progress-run{animation:none;width:90%}}"
        }
      </style>
    </div>
  );
}

/** Suspense fallback for a page chunk: counts as pending work for the progress bar. */
export function ChunkPending() {
  useEffect(() => {
    activity.chunkStarted();
    return activity.chunkEnded;
  }, []);
  return null;
}
