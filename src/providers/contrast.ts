/** WCAG 2.1 colour contrast, for deriving readable text shades from the theme presets (settings.ts). */

const channels = (hex: string): [number, number, number] => {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();

/** `share` of the first colour over the second. */
export function mix(hex: string, under: string, share: number): string {
  const [a, b] = [channels(hex), channels(under)];
  return toHex(a.map((c, i) => c * share + b[i] * (1 - share)));
}

/** Relative luminance (WCAG 2.1, 1.4.3). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour, mixed step by step toward black (`darker`) or white, until it reads at `ratio` on every
 * background given: the same hue, only as dark (or light) as it must be. Unchanged when it already reads.
 */
export function readable(
  hex: string,
  backgrounds: string[],
  toward: "darker" | "lighter",
  ratio = 4.5,
  /** How the colour will show (a theme algorithm may shift it); as given by default. */
  shown: (hex: string) => string = (c) => c,
): string {
  const from = channels(hex);
  const target = toward === "darker" ? 0 : 255;
  for (let step = 0; step <= 50; step += 1) {
    const mixed = toHex(from.map((c) => c + ((target - c) * step) / 50));
    if (backgrounds.every((bg) => contrast(shown(mixed), bg) >= ratio)) return step === 0 ? hex : mixed;
  }
  return toward === "darker" ? "#000000" : "#FFFFFF";
}
