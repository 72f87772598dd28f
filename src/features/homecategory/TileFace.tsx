import { windowState } from "../../components/kit/window";
import type { Tile } from "./model";
import "./homecategory.css";

/** A tile as the home page draws it: the image with its name over the bottom edge, in the reader's language. */
export function TileFace({
  imageUrl,
  name,
  dimmed = false,
}: {
  imageUrl: string | null;
  name: string;
  dimmed?: boolean;
}) {
  return (
    <div className={`homecategory-face${dimmed ? " homecategory-face-dimmed" : ""}`}>
      {imageUrl ? (
        <img src={imageUrl} alt="" loading="lazy" />
      ) : (
        <div className="homecategory-face-blank" aria-hidden />
      )}
      <span className="homecategory-face-name">
        <bdi>{name}</bdi>
      </span>
    </div>
  );
}

/** Whether the home page shows the tile right now. */
export const isShown = (tile: Pick<Tile, "startsAt" | "endsAt" | "active">) => windowState(tile) === "live";
