import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslate } from "@refinedev/core";
import type { Rect } from "./geometry";
import { hotspotUrl, type Hotspot, type HotspotPatch } from "./model";
import type { HotspotValues } from "./HotspotDialog";
import { useCampaignWrites } from "./useCampaignWrites";

/** Arrow keys come in bursts: the position is saved once the keys have rested this long. */
export const SETTLE_MS = 600;

/**
 * A campaign's hotspots as the editor shows them: a move or resize is shown at once and saved (after a
 * burst of arrow keys, once); a failed save reloads the campaign, so the screen shows what is stored.
 */
export function useHotspots(campaignId: number, stored: Hotspot[] | undefined, reload: () => unknown) {
  const t = useTranslate();
  const { verb, rest } = useCampaignWrites();
  const [items, setItems] = useState<Hotspot[]>(stored ?? []);
  /** Positions shown but not saved yet (arrow keys still settling). */
  const pending = useRef(new Map<number, { rect: Rect; timer: ReturnType<typeof setTimeout> }>());

  useEffect(() => {
    if (stored) setItems(stored.map((h) => ({ ...h, ...pending.current.get(h.id)?.rect })));
  }, [stored]);

  const save = (id: number, rect: Rect) =>
    rest<Hotspot>(hotspotUrl(campaignId, id), "patch", { ...rect } satisfies HotspotPatch).catch(reload);
  // The latest save, for the timers and the unmount.
  const saveLater = useRef(save);
  useLayoutEffect(() => {
    saveLater.current = save;
  });

  // Leaving the page saves what is still settling.
  useEffect(
    () => () => {
      for (const [id, p] of pending.current) {
        clearTimeout(p.timer);
        void saveLater.current(id, p.rect);
      }
      pending.current.clear();
    },
    [],
  );

  const place = (id: number, rect: Rect, settle = false) => {
    setItems((xs) => xs.map((h) => (h.id === id ? { ...h, ...rect } : h)));
    clearTimeout(pending.current.get(id)?.timer);
    pending.current.delete(id);
    if (!settle) {
      void save(id, rect);
      return;
    }
    pending.current.set(id, {
      rect,
      timer: setTimeout(() => {
        pending.current.delete(id);
        void saveLater.current(id, rect);
      }, SETTLE_MS),
    });
  };

  const create = async (rect: Rect, values: HotspotValues) => {
    const { data } = await verb(
      "createhotspot",
      { campaignId, ...rect, ...values },
      t("campaign.messages.hotspotAdded"),
      true,
    );
    setItems((xs) => [...xs, data]);
    return data;
  };

  const relink = async (id: number, values: HotspotValues) => {
    const changed = await rest<Hotspot>(
      hotspotUrl(campaignId, id),
      "patch",
      { ...values } satisfies HotspotPatch,
      t("campaign.messages.hotspotSaved"),
      true,
    );
    setItems((xs) =>
      xs.map((h) =>
        h.id === id ? { ...h, productId: changed.productId, label: changed.label, product: changed.product } : h,
      ),
    );
  };

  const remove = async (id: number) => {
    clearTimeout(pending.current.get(id)?.timer);
    pending.current.delete(id);
    await rest(hotspotUrl(campaignId, id), "delete", {}, t("campaign.messages.hotspotDeleted"));
    setItems((xs) => xs.filter((h) => h.id !== id));
  };

  return { items, place, create, relink, remove };
}
