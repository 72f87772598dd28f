/**
 * SVG drawings of the demo pictures: catalogue shots of products (one shape per kind of product on a
 * category-coloured background, name and code below), a mobile-banking transfer slip and blog banners.
 * Pure functions of their input (and of the seeded `rand` handed in): the same data draws the same picture.
 */
import { FONT_FAMILY } from './render.js';

export type Rand = () => number;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Estimated advance of Kanit (em widths measured per character class), a little generous. */
function textWidth(s: string, size: number): number {
  let em = 0;
  for (const ch of s) {
    if (/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/.test(ch)) continue; // Thai marks stack on the letter before
    em += /[iljtfrI.,:;!|'"()[\]1]/.test(ch)
      ? 0.3
      : ch === ' '
        ? 0.26
        : /[mwMW]/.test(ch)
          ? 0.82
          : /[A-Z]/.test(ch)
            ? 0.65
            : 0.56;
  }
  return em * size * 1.04;
}

/** Greedy word wrap into at most `lines` lines; what does not fit ends the last line with an ellipsis. */
function wrap(s: string, size: number, max: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  const words = s.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (textWidth(next, size) <= max || !line) {
      line = next;
      continue;
    }
    out.push(line);
    line = words[i];
    if (out.length >= lines - 1) {
      line = words.slice(i).join(' ');
      break;
    }
  }
  out.push(line);
  const last = out.length - 1;
  if (textWidth(out[last], size) > max && out[last].includes(' ')) {
    let cut = out[last];
    while (cut.includes(' ') && textWidth(`${cut}…`, size) > max) cut = cut.replace(/\s+\S+$/, '');
    out[last] = `${cut}…`;
  }
  return out;
}

interface TextOpts {
  size: number;
  weight?: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  max?: number;
  spacing?: number;
  opacity?: number;
}

/** One line of text; squeezed to `max` when the estimate says it would overflow. */
function text(x: number, y: number, s: string, o: TextOpts): string {
  const squeeze = o.max && textWidth(s, o.size) > o.max ? ` textLength="${o.max}" lengthAdjust="spacingAndGlyphs"` : '';
  return (
    `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${o.size}" font-weight="${o.weight ?? 400}" fill="${o.fill}"` +
    `${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.spacing ? ` letter-spacing="${o.spacing}"` : ''}${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ''}${squeeze}>${esc(s)}</text>`
  );
}

const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
/** Mix two #rrggbb colours: t = 0 → a, 1 → b. */
function mix(a: string, b: string, t: number): string {
  const [x, y] = [hexRgb(a), hexRgb(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + (y[i] - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
const luma = (hex: string) => {
  const [r, g, b] = hexRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

// ——— products ———

export interface ProductArt {
  code: string;
  name: string;
  brand: string | null;
  category: string;
  colourHex: string | null;
  width: number | null;
  length: number | null;
  height: number | null;
}

interface Paint {
  body: string;
  line: string;
  r: Rand;
}

const DEFS = `<defs>
<linearGradient id="chrome" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8d98a5"/><stop offset=".45" stop-color="#eef2f6"/><stop offset="1" stop-color="#9aa5b1"/></linearGradient>
<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0" stop-opacity=".75"/><stop offset="1" stop-color="#fff3b0" stop-opacity="0"/></linearGradient>
</defs>`;

const W = '#fbfcfd';

/** Light around a lamp: stepped rings rather than a radial gradient, which would triple the PNG's size. */
const glow = (cx: number | string, cy: number | string, r: number, squash = 1) =>
  [1, 0.78, 0.56, 0.36]
    .map(
      (k) =>
        `<ellipse cx="${cx}" cy="${cy}" rx="${(r * k).toFixed(0)}" ry="${(r * k * squash).toFixed(0)}" fill="#fff3b8" opacity=".2"/>`,
    )
    .join('');
const EDGE = '#aab4bf';

const bulb = (wifi: boolean) => (p: Paint) => `${glow(300, 200, 150)}
<path d="M300 95C360 95 402 140 402 196C402 238 376 262 360 290L352 322H248L240 290C224 262 198 238 198 196C198 140 240 95 300 95Z" fill="#fffdf3" stroke="#d8c894" stroke-width="4"/>
<path d="M268 322V262L284 246L300 262L316 246L332 262V322" fill="none" stroke="#e0b84a" stroke-width="4"/>
${[0, 1, 2].map((i) => `<rect x="${250 + i * 2}" y="${324 + i * 24}" width="${100 - i * 4}" height="20" rx="8" fill="url(#chrome)"/>`).join('')}
<path d="M272 396H328L316 420H284Z" fill="#4b5561"/>${
  wifi
    ? `<g fill="none" stroke="${p.body === '#FFFFFF' ? '#1f6feb' : p.body}" stroke-width="10" stroke-linecap="round">
<path d="M418 110A50 50 0 0 1 468 160"/><path d="M418 80A80 80 0 0 1 498 160"/></g><circle cx="420" cy="158" r="9" fill="#1f6feb"/>`
    : ''
}`;

const downlight = () => `<path d="M190 270L150 420H450L410 270Z" fill="url(#beam)"/>
<ellipse cx="300" cy="214" rx="130" ry="30" fill="#dfe4ea" stroke="${EDGE}" stroke-width="3"/>
<rect x="170" y="214" width="260" height="46" fill="#eef1f4"/><path d="M170 214V260M430 214V260" stroke="${EDGE}" stroke-width="3"/>
<ellipse cx="300" cy="262" rx="130" ry="30" fill="#fbfbf7" stroke="${EDGE}" stroke-width="3"/><ellipse cx="300" cy="262" rx="104" ry="22" fill="#fff8d8"/>
<path d="M190 210L150 140M410 210L450 140" stroke="#7d8894" stroke-width="6" stroke-linecap="round"/>`;

const ceilingLamp = () => `${glow(300, 250, 190)}
<rect x="120" y="150" width="360" height="28" rx="6" fill="#e8ecf0" stroke="${EDGE}" stroke-width="3"/>
<path d="M130 178C130 290 470 290 470 178Z" fill="#fffdf4" stroke="#d9d2b8" stroke-width="4"/>
<path d="M180 200C200 250 400 250 420 200" fill="none" stroke="#f1e6b8" stroke-width="6"/>`;

const track = () => `<rect x="90" y="120" width="420" height="22" rx="8" fill="#2f3640"/>
${[170, 300, 430]
  .map(
    (
      x,
      i,
    ) => `<path d="M${x - 40} ${250 + (i % 2) * 10}L${x - 90} 420H${x + 90}L${x + 40} ${250 + (i % 2) * 10}Z" fill="url(#beam)"/>
<rect x="${x - 6}" y="142" width="12" height="40" fill="#3c4450"/><rect x="${x - 36}" y="178" width="72" height="${70 + (i % 2) * 10}" rx="14" fill="#2f3640"/>
<ellipse cx="${x}" cy="${248 + (i % 2) * 10}" rx="32" ry="9" fill="#fff6cc"/>`,
  )
  .join('')}`;

const tube = () => `${glow(300, 260, 200, 0.3)}
<rect x="96" y="238" width="408" height="44" rx="22" fill="#fffef8" stroke="#d7d2bd" stroke-width="3"/>
<rect x="80" y="236" width="38" height="48" rx="8" fill="#c9d0d8"/><rect x="482" y="236" width="38" height="48" rx="8" fill="#c9d0d8"/>
<path d="M80 250H64M80 270H64M520 250H536M520 270H536" stroke="#8d98a5" stroke-width="5"/>`;

const strip =
  () => `<circle cx="220" cy="250" r="120" fill="#f4f5f7" stroke="${EDGE}" stroke-width="4"/><circle cx="220" cy="250" r="46" fill="#d5dbe1" stroke="${EDGE}" stroke-width="4"/>
${['#ff3b5c', '#2ad17a', '#3b7bff'].map((c, i) => `<circle cx="220" cy="250" r="92" fill="none" stroke="${c}" stroke-width="26" stroke-dasharray="193 385" stroke-dashoffset="${-193 * i}"/>`).join('')}
<path d="M300 330C360 360 380 300 430 320S500 400 520 380" fill="none" stroke="#3b7bff" stroke-width="22" stroke-linecap="round"/>
${[0, 1, 2, 3].map((i) => `<circle cx="${330 + i * 55}" cy="${[345, 318, 330, 386][i]}" r="5" fill="#fff"/>`).join('')}`;

const pendant = (
  p: Paint,
) => `<path d="M300 40V150" stroke="#2b2b2b" stroke-width="4"/><path d="M180 300L130 420H470L420 300Z" fill="url(#beam)"/>
<path d="M262 150H338L430 300H170Z" fill="${p.body}" stroke="${p.line}" stroke-width="4"/><rect x="284" y="132" width="32" height="22" rx="4" fill="${p.line}"/>
<ellipse cx="300" cy="300" rx="130" ry="18" fill="#fff4c4" stroke="${p.line}" stroke-width="4"/><circle cx="300" cy="296" r="26" fill="#fffbe6"/>`;

const floorLamp = (p: Paint) => `${glow(300, 200, 120)}
<path d="M300 200L210 420M300 200L390 420M300 200L300 430" stroke="${p.line}" stroke-width="9" stroke-linecap="round"/>
<path d="M240 90H360L392 200H208Z" fill="${p.body}" stroke="${p.line}" stroke-width="4"/><ellipse cx="300" cy="200" rx="92" ry="12" fill="#fff4c4"/>`;

const solarLight =
  () => `<rect x="292" y="300" width="16" height="130" fill="#3a4049"/><path d="M292 430L300 446L308 430Z" fill="#3a4049"/>
${glow(300, 230, 110)}<rect x="250" y="180" width="100" height="110" rx="10" fill="#fff8da" stroke="#3a4049" stroke-width="8"/>
<path d="M230 180L260 130H340L370 180Z" fill="#1d3d78" stroke="#3a4049" stroke-width="6"/>
<path d="M280 130L270 180M300 130V180M320 130L330 180M250 155H350" stroke="#6f8fd0" stroke-width="2"/>`;

const wallLamp = (
  p: Paint,
) => `<rect x="150" y="110" width="80" height="250" rx="10" fill="${p.body}" stroke="${p.line}" stroke-width="4"/>
<path d="M230 200H270" stroke="${p.line}" stroke-width="12"/>${glow(350, 250, 110)}
<path d="M270 150H430L410 190H290Z" fill="${p.body}" stroke="${p.line}" stroke-width="4"/>
<rect x="290" y="190" width="120" height="140" fill="#fff7d4" stroke="${p.line}" stroke-width="6"/><path d="M350 190V330M290 260H410" stroke="${p.line}" stroke-width="3"/>
<rect x="280" y="330" width="140" height="20" rx="4" fill="${p.body}" stroke="${p.line}" stroke-width="4"/>`;

const emergencyLight =
  () => `<rect x="170" y="230" width="260" height="120" rx="14" fill="${W}" stroke="${EDGE}" stroke-width="4"/>
<rect x="200" y="300" width="200" height="26" rx="6" fill="#e7ebef"/><circle cx="388" cy="256" r="7" fill="#22c55e"/>
${[225, 375]
  .map(
    (x, i) => `<path d="M${x} 230V200" stroke="#8d98a5" stroke-width="10"/>${glow(x, 160, 80)}
<ellipse cx="${x}" cy="170" rx="46" ry="34" transform="rotate(${i ? 18 : -18} ${x} 170)" fill="#fffcea" stroke="${EDGE}" stroke-width="4"/>`,
  )
  .join('')}`;

const splitAc =
  () => `<rect x="90" y="150" width="420" height="150" rx="28" fill="${W}" stroke="#c3ccd6" stroke-width="4"/>
<rect x="108" y="258" width="384" height="28" rx="12" fill="#e3e8ee"/><path d="M118 272H482" stroke="#aeb8c3" stroke-width="3"/>
<rect x="408" y="186" width="70" height="30" rx="8" fill="#1d2733"/><text x="443" y="209" font-family="${FONT_FAMILY}" font-size="20" font-weight="500" fill="#5fd0ff" text-anchor="middle">25°</text>
<g fill="none" stroke="#7cc4f0" stroke-width="6" stroke-linecap="round" opacity=".8"><path d="M170 320C190 340 170 360 190 380"/><path d="M300 320C320 340 300 360 320 380"/><path d="M430 320C450 340 430 360 450 380"/></g>
<rect x="452" y="340" width="46" height="90" rx="12" fill="${W}" stroke="${EDGE}" stroke-width="3"/><rect x="462" y="352" width="26" height="16" rx="3" fill="#1d2733"/>
<circle cx="475" cy="392" r="7" fill="#e5484d"/><circle cx="475" cy="414" r="5" fill="#c3ccd6"/>`;

const portableAc = () => `<path d="M390 170C470 170 500 120 520 80" fill="none" stroke="#c3ccd6" stroke-width="34"/>
<path d="M390 170C470 170 500 120 520 80" fill="none" stroke="#e6ebf0" stroke-width="26" stroke-dasharray="6 6"/>
<rect x="200" y="100" width="190" height="320" rx="22" fill="${W}" stroke="#c3ccd6" stroke-width="4"/>
${[0, 1, 2, 3, 4].map((i) => `<path d="M224 ${130 + i * 14}H366" stroke="#c7d0d9" stroke-width="5" stroke-linecap="round"/>`).join('')}
<rect x="240" y="220" width="110" height="34" rx="8" fill="#1d2733"/><text x="295" y="244" font-family="${FONT_FAMILY}" font-size="20" fill="#5fd0ff" text-anchor="middle">24°</text>
<circle cx="230" cy="420" r="10" fill="#4b5561"/><circle cx="360" cy="420" r="10" fill="#4b5561"/>`;

const purifier =
  () => `<rect x="205" y="100" width="190" height="320" rx="40" fill="${W}" stroke="#c3ccd6" stroke-width="4"/>
<ellipse cx="300" cy="112" rx="80" ry="12" fill="#dfe5eb"/>${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<path d="M228 ${190 + i * 24}H372" stroke="#e3e8ee" stroke-width="10" stroke-linecap="round"/>`).join('')}
<circle cx="300" cy="156" r="26" fill="none" stroke="#22c55e" stroke-width="6"/><text x="300" y="163" font-family="${FONT_FAMILY}" font-size="18" font-weight="600" fill="#15803d" text-anchor="middle">12</text>`;

const dehumidifier =
  () => `<rect x="200" y="110" width="200" height="300" rx="26" fill="${W}" stroke="#c3ccd6" stroke-width="4"/>
<rect x="262" y="126" width="76" height="16" rx="8" fill="#cfd7df"/><rect x="222" y="300" width="156" height="90" rx="12" fill="#e9f4fb" stroke="#bcd8ea" stroke-width="3"/>
<rect x="232" y="352" width="136" height="28" rx="6" fill="#8fcaf0"/><rect x="236" y="170" width="128" height="40" rx="8" fill="#1d2733"/>
<text x="300" y="198" font-family="${FONT_FAMILY}" font-size="20" fill="#5fd0ff" text-anchor="middle">55%</text>`;

const cooler =
  () => `<rect x="205" y="90" width="190" height="320" rx="20" fill="${W}" stroke="#c3ccd6" stroke-width="4"/>
<rect x="225" y="120" width="150" height="150" rx="8" fill="#f0e2c0"/>${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M225 ${132 + i * 24}H375M${237 + i * 24} 120V270" stroke="#dcc797" stroke-width="3"/>`).join('')}
<rect x="225" y="290" width="150" height="60" rx="8" fill="#dff1fb"/><rect x="232" y="318" width="136" height="26" rx="5" fill="#7dc4ee"/>
<circle cx="230" cy="418" r="10" fill="#4b5561"/><circle cx="370" cy="418" r="10" fill="#4b5561"/>`;

const ceilingFan = (
  p: Paint,
) => `<path d="M300 40V170" stroke="${p.line}" stroke-width="10"/><ellipse cx="300" cy="52" rx="34" ry="10" fill="${p.body}" stroke="${p.line}" stroke-width="3"/>
<ellipse cx="165" cy="206" rx="128" ry="20" transform="rotate(-6 165 206)" fill="#b08a5b" stroke="#7b5c37" stroke-width="3"/>
<ellipse cx="435" cy="206" rx="128" ry="20" transform="rotate(6 435 206)" fill="#b08a5b" stroke="#7b5c37" stroke-width="3"/>
<ellipse cx="300" cy="250" rx="30" ry="70" transform="rotate(12 300 250)" fill="#c39b6a" stroke="#7b5c37" stroke-width="3"/>
<ellipse cx="300" cy="196" rx="64" ry="30" fill="${p.body}" stroke="${p.line}" stroke-width="4"/>${glow(300, 250, 80)}
<path d="M262 220C262 270 338 270 338 220Z" fill="#fffbe6" stroke="${p.line}" stroke-width="3"/>`;

const blades = (cx: number, cy: number, r: number, fill: string) =>
  [0, 120, 240]
    .map(
      (a) =>
        `<ellipse cx="${cx}" cy="${cy - r / 2}" rx="${r / 3.4}" ry="${r / 2}" transform="rotate(${a + 20} ${cx} ${cy})" fill="${fill}" opacity=".85"/>`,
    )
    .join('');

const standFan = (
  p: Paint,
) => `<rect x="290" y="290" width="20" height="120" fill="${p.line}"/><ellipse cx="300" cy="416" rx="90" ry="18" fill="${p.body}" stroke="${p.line}" stroke-width="4"/>
<circle cx="300" cy="190" r="128" fill="#ffffff" fill-opacity=".5" stroke="#9aa5b1" stroke-width="5"/>${blades(300, 190, 110, '#7cb8e8')}
${[0, 30, 60, 90, 120, 150].map((a) => `<path d="M172 190H428" transform="rotate(${a} 300 190)" stroke="#aab4bf" stroke-width="2"/>`).join('')}
<circle cx="300" cy="190" r="26" fill="${p.body}" stroke="${p.line}" stroke-width="4"/><rect x="270" y="330" width="60" height="20" rx="6" fill="${p.body}" stroke="${p.line}" stroke-width="3"/>`;

const ventFan =
  () => `<rect x="160" y="100" width="280" height="280" rx="22" fill="${W}" stroke="#c3ccd6" stroke-width="4"/>
<circle cx="300" cy="240" r="112" fill="#e7ecf1"/>${blades(300, 240, 100, '#9fb3c8')}<circle cx="300" cy="240" r="22" fill="#c3ccd6"/>
${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M${196 + i * 35} 140V340" stroke="#ffffff" stroke-width="5" opacity=".9"/>`).join('')}`;

function tile(art: ProductArt, p: Paint): string {
  const size = /(\d+)x(\d+)/.exec(art.name);
  const [wCm, hCm] = size ? [Number(size[1]), Number(size[2])] : [60, 60];
  const n = art.name.toLowerCase();
  const pattern = /marble/.test(n) ? 'marble' : /wood|oak/.test(n) ? 'wood' : /glossy/.test(n) ? 'glossy' : 'matte';
  const base =
    pattern === 'wood'
      ? '#b08a5b'
      : pattern === 'marble' || pattern === 'glossy'
        ? '#f3f2ee'
        : /grey|gray/.test(n)
          ? '#a3a6aa'
          : p.body === '#FFFFFF'
            ? '#d9d4cc'
            : mix(p.body, '#ffffff', 0.35);
  const scale = 340 / 180;
  const [tw, th] = wCm >= hCm ? [hCm * scale, wCm * scale] : [wCm * scale, hCm * scale];
  const out: string[] = [
    '<clipPath id="floor"><rect x="130" y="80" width="340" height="340" rx="6"/></clipPath><g clip-path="url(#floor)">',
  ];
  let row = 0;
  for (let y = 80; y < 420; y += th, row++) {
    const offset = th > tw * 1.5 ? ((row % 2) * tw) / 2 : 0;
    for (let x = 130 - offset; x < 470; x += tw) {
      const c = mix(base, p.r() < 0.5 ? '#ffffff' : '#000000', p.r() * 0.08);
      out.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${tw.toFixed(1)}" height="${th.toFixed(1)}" fill="${c}" stroke="${mix(base, '#ffffff', 0.5)}" stroke-width="3"/>`,
      );
      if (pattern === 'wood')
        for (let k = 1; k < 4; k++)
          out.push(
            `<path d="M${(x + (tw * k) / 4).toFixed(1)} ${y.toFixed(1)}q${(p.r() * 8 - 4).toFixed(1)} ${(th / 2).toFixed(1)} 0 ${th.toFixed(1)}" stroke="#8c6a42" stroke-width="2" fill="none" opacity=".6"/>`,
          );
      if (pattern === 'marble')
        out.push(
          `<path d="M${x.toFixed(1)} ${(y + p.r() * th).toFixed(1)}C${(x + tw / 3).toFixed(1)} ${(y + p.r() * th).toFixed(1)} ${(x + (tw * 2) / 3).toFixed(1)} ${(y + p.r() * th).toFixed(1)} ${(x + tw).toFixed(1)} ${(y + p.r() * th).toFixed(1)}" stroke="#a9a39a" stroke-width="2.5" fill="none" opacity=".7"/>`,
        );
    }
  }
  if (pattern === 'glossy' || pattern === 'marble')
    out.push('<path d="M130 300L350 80H410L130 360Z" fill="#ffffff" opacity=".35"/>');
  out.push(
    '</g><rect x="130" y="80" width="340" height="340" rx="6" fill="none" stroke="#00000022" stroke-width="3"/>',
  );
  return out.join('');
}

const toilet =
  () => `<rect x="222" y="96" width="156" height="120" rx="14" fill="${W}" stroke="${EDGE}" stroke-width="4"/><ellipse cx="300" cy="98" rx="26" ry="6" fill="url(#chrome)"/>
<path d="M206 226H394C394 300 364 336 344 352L334 420H266L256 352C236 336 206 300 206 226Z" fill="${W}" stroke="${EDGE}" stroke-width="4"/>
<ellipse cx="300" cy="228" rx="96" ry="24" fill="#eef2f5" stroke="${EDGE}" stroke-width="4"/><ellipse cx="300" cy="232" rx="62" ry="12" fill="#d8e4ec"/>`;

const basin =
  () => `<rect x="290" y="110" width="20" height="110" rx="8" fill="url(#chrome)"/><path d="M300 118H250" stroke="url(#chrome)" stroke-width="16" stroke-linecap="round"/>
<rect x="90" y="330" width="420" height="34" rx="4" fill="#b08a5b"/><rect x="90" y="364" width="420" height="56" fill="#8c6a42"/>
<path d="M160 236C160 320 220 330 300 330S440 320 440 236Z" fill="${W}" stroke="${EDGE}" stroke-width="4"/>
<ellipse cx="300" cy="236" rx="140" ry="30" fill="#f4f7f9" stroke="${EDGE}" stroke-width="4"/><ellipse cx="300" cy="242" rx="110" ry="18" fill="#dde7ee"/>`;

const mirrorCabinet = (
  p: Paint,
) => `<defs><linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9f1f6"/><stop offset="1" stop-color="#b9c9d6"/></linearGradient></defs>
<rect x="170" y="80" width="260" height="300" rx="10" fill="${p.body}" stroke="${p.line}" stroke-width="4"/>
<rect x="186" y="96" width="110" height="268" fill="url(#mirror)"/><rect x="304" y="96" width="110" height="268" fill="url(#mirror)"/>
<path d="M200 200L260 120M210 260L280 160M318 220L390 120" stroke="#ffffff" stroke-width="6" opacity=".7"/><rect x="180" y="380" width="240" height="16" rx="4" fill="${p.line}"/>`;

const shower =
  () => `<path d="M360 420V120H230" fill="none" stroke="url(#chrome)" stroke-width="16" stroke-linejoin="round"/>
<ellipse cx="230" cy="130" rx="96" ry="20" fill="url(#chrome)" stroke="#7d8894" stroke-width="3"/>
<g stroke="#6cc0f0" stroke-width="4" stroke-linecap="round" opacity=".8">${[170, 200, 230, 260, 290].map((x, i) => `<path d="M${x} ${164 + (i % 2) * 10}v40M${x - 8} ${230 + (i % 2) * 14}v34"/>`).join('')}</g>
<rect x="340" y="300" width="40" height="60" rx="10" fill="url(#chrome)"/><path d="M380 320H420" stroke="#7d8894" stroke-width="10" stroke-linecap="round"/>
<path d="M360 220L410 180" stroke="url(#chrome)" stroke-width="14" stroke-linecap="round"/><ellipse cx="418" cy="172" rx="22" ry="12" transform="rotate(-40 418 172)" fill="url(#chrome)"/>`;

const faucet =
  () => `<rect x="240" y="396" width="120" height="24" rx="8" fill="url(#chrome)"/><rect x="270" y="200" width="60" height="200" rx="20" fill="url(#chrome)" stroke="#7d8894" stroke-width="3"/>
<path d="M300 214C300 150 190 140 180 220" fill="none" stroke="url(#chrome)" stroke-width="30" stroke-linecap="round"/><path d="M300 214C300 150 190 140 180 220" fill="none" stroke="#7d8894" stroke-width="2" opacity=".5"/>
<path d="M330 196L400 160" stroke="url(#chrome)" stroke-width="16" stroke-linecap="round"/><path d="M180 240V330" stroke="#7cc4f0" stroke-width="10" stroke-linecap="round" opacity=".8"/>`;

const bag = (
  art: ProductArt,
) => `<path d="M200 130L215 112L230 130L245 112L260 130L275 112L290 130L305 112L320 130L335 112L350 130L365 112L380 130L395 112L400 130V410H200Z" fill="#d7d1c4" stroke="#a79f8e" stroke-width="4"/>
<rect x="200" y="210" width="200" height="110" fill="#1f6feb"/>${text(300, 270, (/(\d+)\s*kg/i.exec(art.name)?.[1] ?? '20') + ' kg', { size: 40, weight: 600, fill: '#ffffff', anchor: 'middle' })}
${text(300, 304, 'TILE ADHESIVE', { size: 16, weight: 500, fill: '#dbe8ff', anchor: 'middle', spacing: 2 })}`;

const bucket = (
  art: ProductArt,
  p: Paint,
) => `<path d="M200 160C200 70 400 70 400 160" fill="none" stroke="#7d8894" stroke-width="6"/>
<path d="M190 160H410L396 400C396 420 204 420 204 400Z" fill="#f4f6f8" stroke="${EDGE}" stroke-width="4"/><ellipse cx="300" cy="160" rx="110" ry="22" fill="#e3e8ee" stroke="${EDGE}" stroke-width="4"/>
<path d="M194 230H406L402 330H198Z" fill="${p.body === '#FFFFFF' ? '#1f6feb' : p.body}"/>${text(300, 292, (/(\d+)\s*L\b/.exec(art.name)?.[1] ?? '9') + ' L', { size: 38, weight: 600, fill: luma(p.body) > 0.7 && p.body !== '#FFFFFF' ? '#222' : '#ffffff', anchor: 'middle' })}
<path d="M360 172C380 200 372 226 380 250" stroke="#f4f4f4" stroke-width="14" stroke-linecap="round"/>`;

const drill = (p: Paint) => {
  const c = p.body === '#FFFFFF' || luma(p.body) > 0.8 ? '#f28c28' : p.body;
  return `<rect x="170" y="140" width="230" height="90" rx="40" fill="${c}" stroke="#3a3a3a" stroke-width="4"/>
<rect x="396" y="160" width="56" height="50" rx="8" fill="#3a4049"/><path d="M452 185H530" stroke="url(#chrome)" stroke-width="10" stroke-linecap="round"/>
<path d="M240 226L218 360H290L306 226Z" fill="#2f3640"/><path d="M300 240C320 240 320 270 304 276" fill="none" stroke="#e5484d" stroke-width="10" stroke-linecap="round"/>
<rect x="190" y="356" width="140" height="60" rx="12" fill="#2f3640"/><rect x="205" y="372" width="50" height="10" rx="4" fill="#22c55e"/>
<path d="M190 170H260" stroke="#ffffff" stroke-width="6" opacity=".5" stroke-linecap="round"/>`;
};

const ladder = () => `<rect x="232" y="70" width="136" height="22" rx="6" fill="#9aa5b1"/>
<path d="M244 92L196 426M356 92L404 426" stroke="url(#chrome)" stroke-width="16" stroke-linecap="round"/><path d="M350 92L450 420" stroke="#aab4bf" stroke-width="12" stroke-linecap="round"/>
${[0, 1, 2, 3, 4]
  .map((i) => {
    const y = 140 + i * 60;
    const dx = ((y - 92) * 48) / 334;
    return `<rect x="${(244 - dx).toFixed(0)}" y="${y}" width="${(112 + 2 * dx).toFixed(0)}" height="14" rx="4" fill="#c9d0d8" stroke="#8d98a5" stroke-width="2"/>`;
  })
  .join('')}`;

const toolbox = (p: Paint) => {
  const c = p.body === '#FFFFFF' ? '#e5484d' : p.body;
  return `<path d="M250 200V160H350V200" fill="none" stroke="#2f3640" stroke-width="14" stroke-linejoin="round"/>
<rect x="140" y="200" width="320" height="210" rx="18" fill="${c}" stroke="#2f3640" stroke-width="4"/><path d="M140 260H460" stroke="#2f3640" stroke-width="4"/>
<rect x="186" y="248" width="34" height="28" rx="4" fill="#c9d0d8"/><rect x="380" y="248" width="34" height="28" rx="4" fill="#c9d0d8"/>`;
};

const shelf = (
  p: Paint,
) => `${[170, 430].map((x) => `<rect x="${x - 7}" y="80" width="14" height="340" fill="${p.line}"/>`).join('')}
${[90, 170, 250, 330, 406].map((y) => `<rect x="156" y="${y}" width="288" height="12" rx="2" fill="${p.body === '#FFFFFF' ? '#c9d0d8' : p.body}" stroke="${p.line}" stroke-width="2"/>`).join('')}
<rect x="190" y="120" width="80" height="50" fill="#c9a26b"/><rect x="300" y="206" width="110" height="44" fill="#6aa5d8"/><rect x="200" y="280" width="60" height="50" fill="#e5a44b"/><rect x="330" y="364" width="90" height="42" fill="#8bbf7a"/>`;

const cabinet = (
  p: Paint,
) => `<rect x="140" y="110" width="320" height="290" rx="6" fill="${p.body}" stroke="${p.line}" stroke-width="4"/>
<path d="M246 116V394M354 116V394" stroke="${p.line}" stroke-width="3"/>${[230, 262, 370].map((x) => `<circle cx="${x}" cy="250" r="7" fill="url(#chrome)"/>`).join('')}
<rect x="150" y="400" width="18" height="20" fill="${p.line}"/><rect x="432" y="400" width="18" height="20" fill="${p.line}"/>`;

const storageBox = (
  p: Paint,
) => `<path d="M180 196H420L404 410H196Z" fill="#e6f0f7" fill-opacity=".85" stroke="#9fb6c8" stroke-width="4"/>
<rect x="166" y="168" width="268" height="36" rx="8" fill="${p.body === '#FFFFFF' ? '#1f6feb' : p.body}" stroke="${p.line}" stroke-width="3"/>
<rect x="176" y="200" width="22" height="44" rx="4" fill="${p.body === '#FFFFFF' ? '#1f6feb' : p.body}"/><rect x="402" y="200" width="22" height="44" rx="4" fill="${p.body === '#FFFFFF' ? '#1f6feb' : p.body}"/>
<rect x="230" y="300" width="90" height="80" fill="#c9a26b" opacity=".5"/><rect x="300" y="320" width="70" height="60" fill="#e5a44b" opacity=".5"/>`;

const powerStrip =
  () => `<path d="M160 310C80 310 100 200 160 180" fill="none" stroke="#3a4049" stroke-width="10"/><rect x="130" y="150" width="60" height="40" rx="8" fill="#2f3640"/>
<path d="M140 150V128M180 150V128" stroke="url(#chrome)" stroke-width="7"/><rect x="160" y="270" width="330" height="80" rx="26" fill="${W}" stroke="${EDGE}" stroke-width="4"/>
${[0, 1, 2, 3].map((i) => `<circle cx="${220 + i * 62}" cy="310" r="22" fill="#eef1f4" stroke="${EDGE}" stroke-width="2"/><rect x="${212 + i * 62}" y="300" width="4" height="12" fill="#4b5561"/><rect x="${224 + i * 62}" y="300" width="4" height="12" fill="#4b5561"/>`).join('')}
<rect x="452" y="296" width="24" height="30" rx="5" fill="#e5484d"/>`;

const hose =
  () => `${[150, 128, 106, 84].map((r) => `<ellipse cx="270" cy="280" rx="${r}" ry="${r * 0.75}" fill="none" stroke="#2e9e4f" stroke-width="18"/>`).join('')}
<ellipse cx="270" cy="280" rx="62" ry="46" fill="#5a6470"/><path d="M420 280C470 280 470 200 500 190" fill="none" stroke="#2e9e4f" stroke-width="18"/>
<rect x="480" y="150" width="30" height="70" rx="8" fill="#f2b233" transform="rotate(20 495 185)"/>`;

const roller = (
  p: Paint,
) => `<path d="M150 380L250 330H490L390 380Z" fill="#c9d0d8" stroke="#8d98a5" stroke-width="3"/><path d="M270 346H470" stroke="${p.body === '#FFFFFF' ? '#6aa5d8' : p.body}" stroke-width="12"/>
<rect x="170" y="110" width="250" height="70" rx="34" fill="#f5f1e8" stroke="#b9ad92" stroke-width="4"/><path d="M420 145H460V220H300V260" fill="none" stroke="url(#chrome)" stroke-width="8" stroke-linejoin="round"/>
<rect x="284" y="256" width="32" height="110" rx="12" fill="#e5484d"/>`;

const lever =
  () => `<rect x="196" y="120" width="130" height="300" rx="24" fill="url(#chrome)" stroke="#7d8894" stroke-width="3"/>
<circle cx="261" cy="200" r="40" fill="url(#chrome)" stroke="#7d8894" stroke-width="3"/><path d="M261 200H470" stroke="#7d8894" stroke-width="32" stroke-linecap="round"/>
<path d="M261 200H466" stroke="url(#chrome)" stroke-width="26" stroke-linecap="round"/><circle cx="261" cy="340" r="16" fill="#4b5561"/><rect x="256" y="340" width="10" height="30" fill="#4b5561"/>`;

const curtain = (p: Paint) => {
  const c = p.body === '#FFFFFF' ? '#3d4a5c' : p.body;
  return `<path d="M90 100H510" stroke="#4b5561" stroke-width="10" stroke-linecap="round"/><circle cx="86" cy="100" r="12" fill="#4b5561"/><circle cx="514" cy="100" r="12" fill="#4b5561"/>
${[
  [120, 290],
  [310, 480],
]
  .map(
    ([
      a,
      b,
    ]) => `<path d="M${a} 108H${b}V420C${b - 30} 430 ${a + 30} 410 ${a} 420Z" fill="${c}" stroke="${mix(c, '#000000', 0.3)}" stroke-width="3"/>
${[1, 2, 3, 4].map((k) => `<path d="M${a + ((b - a) * k) / 5} 110V416" stroke="${mix(c, '#ffffff', 0.18)}" stroke-width="6"/>`).join('')}`,
  )
  .join('')}`;
};

const chair = (p: Paint) => {
  const c = p.body === '#FFFFFF' ? '#2f3640' : p.body;
  return `<rect x="222" y="80" width="156" height="170" rx="30" fill="${mix(c, '#ffffff', 0.15)}" stroke="${mix(c, '#000000', 0.35)}" stroke-width="5"/>
${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M232 ${104 + i * 20}H368" stroke="${mix(c, '#000000', 0.3)}" stroke-width="2" opacity=".7"/>`).join('')}
<path d="M300 250V270" stroke="#3a4049" stroke-width="14"/><rect x="200" y="262" width="200" height="40" rx="18" fill="${c}"/><path d="M206 280H180V230M394 280H420V230" fill="none" stroke="#3a4049" stroke-width="10" stroke-linejoin="round"/>
<rect x="292" y="300" width="16" height="60" fill="url(#chrome)"/>${[
    [180, 400],
    [240, 412],
    [360, 412],
    [420, 400],
    [300, 392],
  ]
    .map(
      ([x, y]) =>
        `<path d="M300 362L${x} ${y}" stroke="#2f3640" stroke-width="10" stroke-linecap="round"/><circle cx="${x}" cy="${y + 10}" r="10" fill="#2f3640"/>`,
    )
    .join('')}`;
};

const table = (p: Paint) => {
  const c = p.body === '#FFFFFF' ? '#f1f3f5' : p.body;
  return `<path d="M130 190H470L530 250H70Z" fill="${c}" stroke="${mix(c, '#000000', 0.35)}" stroke-width="4"/><rect x="70" y="250" width="460" height="16" fill="${mix(c, '#000000', 0.2)}"/>
<path d="M110 266L190 420M190 266L110 420M410 266L490 420M490 266L410 420" stroke="#4b5561" stroke-width="9" stroke-linecap="round"/>`;
};

const box = (
  art: ProductArt,
) => `<path d="M150 170L300 120L450 170L300 220Z" fill="#d9b98a" stroke="#a9865a" stroke-width="3"/><path d="M150 170V370L300 420V220Z" fill="#c9a26b" stroke="#a9865a" stroke-width="3"/>
<path d="M450 170V370L300 420V220Z" fill="#b8915c" stroke="#a9865a" stroke-width="3"/><path d="M225 145L375 195" stroke="#e8d7b5" stroke-width="14"/>
${text(225, 320, (art.brand ?? art.code).toUpperCase(), { size: 22, weight: 600, fill: '#5a4226', anchor: 'middle', max: 120 })}`;

type Shape = (p: Paint, art: ProductArt) => string;

const SHAPES: [RegExp, Shape][] = [
  [/smart bulb/, bulb(true)],
  [/bulb/, bulb(false)],
  [/downlight/, downlight],
  [/ceiling lamp/, ceilingLamp],
  [/track light/, track],
  [/tube/, tube],
  [/strip/, strip],
  [/pendant/, pendant],
  [/floor lamp/, floorLamp],
  [/solar|garden light/, solarLight],
  [/wall lamp/, wallLamp],
  [/emergency/, emergencyLight],
  [/portable air/, portableAc],
  [/air conditioner/, splitAc],
  [/purifier/, purifier],
  [/ceiling fan/, ceilingFan],
  [/ventilation fan/, ventFan],
  [/fan/, standFan],
  [/dehumidifier/, dehumidifier],
  [/cooler/, cooler],
  [/adhesive/, (_p, a) => bag(a)],
  [/tile/, (p, a) => tile(a, p)],
  [/toilet/, toilet],
  [/mirror/, mirrorCabinet],
  [/shower/, shower],
  [/faucet|mixer/, faucet],
  [/basin/, basin],
  [/drill/, drill],
  [/ladder/, ladder],
  [/tool ?box/, toolbox],
  [/shelf/, shelf],
  [/cabinet/, cabinet],
  [/storage box/, storageBox],
  [/extension|cord/, powerStrip],
  [/hose/, hose],
  [/roller/, roller],
  [/paint/, (p, a) => bucket(a, p)],
  [/lock/, lever],
  [/curtain/, curtain],
  [/chair/, chair],
  [/table/, table],
];

const BACKGROUNDS: Record<string, [string, string, string]> = {
  // top, bottom, brand ink
  lighting: ['#fff6dc', '#ffe0a0', '#8a5a00'],
  air: ['#e6f3fd', '#bcdcf6', '#0b4f86'],
  tile: ['#f5efe6', '#ddd0bd', '#6b4f2a'],
  home: ['#eaf6ee', '#c4e6cf', '#1f6b3a'],
};

function productShape(art: ProductArt, p: Paint): string {
  const item = art.name.toLowerCase();
  const shape = SHAPES.find(([re]) => re.test(item))?.[1] ?? ((_p: Paint, a: ProductArt) => box(a));
  return shape(p, art);
}

function paintOf(art: ProductArt, rand: Rand): Paint {
  const body = (art.colourHex ?? '#FFFFFF').toUpperCase();
  return { body, line: luma(body) > 0.85 ? '#8d98a5' : mix(body, '#000000', 0.4), r: rand };
}

function frame(art: ProductArt, rand: Rand, inner: string, tag: string | null): string {
  const [top, bottom, ink] = BACKGROUNDS[art.category] ?? BACKGROUNDS.home;
  const t = rand() * 0.25;
  const lines = wrap(art.name, 30, 520, 2);
  const nameY = lines.length > 1 ? 508 : 526;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">${DEFS}
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(top, '#ffffff', t)}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<rect width="600" height="600" fill="url(#bg)"/><ellipse cx="300" cy="432" rx="190" ry="20" fill="#000000" opacity=".1"/>
${art.brand ? text(40, 58, art.brand.toUpperCase(), { size: 22, weight: 600, fill: ink, spacing: 2, max: 360 }) : ''}
${tag ? `<rect x="${560 - textWidth(tag, 16) - 28}" y="34" width="${textWidth(tag, 16) + 28}" height="34" rx="17" fill="#ffffff" opacity=".85"/>${text(546, 57, tag, { size: 16, weight: 500, fill: ink, anchor: 'end' })}` : ''}
${inner}
<rect y="470" width="600" height="130" fill="#ffffff" opacity=".94"/>
${lines.map((l, i) => text(40, nameY + i * 36, l, { size: 30, weight: 600, fill: '#1f2328', max: 520 })).join('')}
${text(40, 578, art.code, { size: 18, weight: 400, fill: '#6b7280', spacing: 1 })}
</svg>`;
}

/** The catalogue shot: the product on its category's background. */
export function productFront(art: ProductArt, rand: Rand): string {
  return frame(art, rand, productShape(art, paintOf(art, rand)), null);
}

/** The retail box, with the product printed on its front. */
export function productBox(art: ProductArt, rand: Rand): string {
  const shot = productShape(art, paintOf(art, rand));
  const inner = `<path d="M150 150L190 110H470L430 150Z" fill="#e9dcc6" stroke="#b89d74" stroke-width="3"/><path d="M430 150L470 110V390L430 430Z" fill="#cdb48c" stroke="#b89d74" stroke-width="3"/>
<rect x="150" y="150" width="280" height="280" fill="#ffffff" stroke="#b89d74" stroke-width="3"/><rect x="150" y="150" width="280" height="48" fill="#1f2328"/>
${text(290, 182, (art.brand ?? art.code).toUpperCase(), { size: 22, weight: 600, fill: '#ffffff', anchor: 'middle', spacing: 2, max: 250 })}
<g transform="translate(290 300) scale(0.42) translate(-300 -255)">${shot}</g>
${text(290, 418, art.code, { size: 14, weight: 500, fill: '#4b5563', anchor: 'middle' })}`;
  return frame(art, rand, inner, 'Box');
}

/** A dimension sketch: the product as a silhouette with width and height marked. */
export function productSize(art: ProductArt, rand: Rand): string {
  const shot = productShape(art, paintOf(art, rand));
  const cm = (n: number | null) => (n === null ? '–' : `${Number(n.toFixed(1))} cm`);
  const inner = `<g opacity=".45"><g transform="translate(300 250) scale(0.78) translate(-300 -255)">${shot}</g></g>
<g stroke="#1f4e79" stroke-width="3" fill="#1f4e79"><path d="M130 430H470M130 420V440M470 420V440"/><path d="M500 90V410M490 90H510M490 410H510"/></g>
<rect x="250" y="416" width="100" height="28" rx="6" fill="#ffffff"/>${text(300, 437, cm(art.width), { size: 18, weight: 600, fill: '#1f4e79', anchor: 'middle' })}
<g transform="rotate(-90 530 250)"><rect x="480" y="236" width="100" height="28" rx="6" fill="#ffffff"/>${text(530, 257, cm(art.height), { size: 18, weight: 600, fill: '#1f4e79', anchor: 'middle' })}</g>
${text(40, 100, `Depth ${cm(art.length)}`, { size: 16, weight: 500, fill: '#1f4e79' })}`;
  return frame(art, rand, inner, 'Size');
}

// ——— payment slips ———

export interface SlipArt {
  bankCode: string;
  bankName: string;
  amount: number;
  transferredAt: Date;
  orderNo: string;
  payer: string;
  payee: string;
}

const BANK_COLOURS: Record<string, [string, string]> = {
  KBANK: ['#138f2d', '#ffffff'],
  SCB: ['#4e2e7f', '#ffffff'],
  BBL: ['#1e4598', '#ffffff'],
  KTB: ['#1ba5e1', '#ffffff'],
  BAY: ['#fec43b', '#5a4a2a'],
  TTB: ['#0050f0', '#ffffff'],
  GSB: ['#eb198d', '#ffffff'],
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Bangkok local time (UTC+7, no daylight saving), written out so no locale data is involved. */
function bangkok(d: Date): string {
  const t = new Date(d.getTime() + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
}

const money = (n: number) => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A mobile-banking "transfer successful" receipt, 480×664 (the slip screens show it at about that ratio). */
export function slip(art: SlipArt, rand: Rand): string {
  const [brand, ink] = BANK_COLOURS[art.bankCode] ?? ['#334155', '#ffffff'];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  const acct = () => `xxx-x-x${digits(4)}-x`;
  const t = new Date(art.transferredAt.getTime() + 7 * 3_600_000);
  const ref = `${t.getUTCFullYear()}${String(t.getUTCMonth() + 1).padStart(2, '0')}${String(t.getUTCDate()).padStart(2, '0')}${digits(8)}${'ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(rand() * 24)]}${digits(3)}`;
  // A QR-like verification code: finder squares in three corners, seeded modules elsewhere.
  const N = 21;
  const m = 5;
  const qx = 44;
  const qy = 530;
  const finder = (x: number, y: number) => (x < 7 && y < 7) || (x >= N - 7 && y < 7) || (x < 7 && y >= N - 7);
  const modules: string[] = [];
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) {
      if (finder(x, y)) continue;
      if (rand() < 0.5) modules.push(`M${qx + x * m} ${qy + y * m}h${m}v${m}h-${m}z`);
    }
  const eye = (x: number, y: number) =>
    `<rect x="${qx + x * m}" y="${qy + y * m}" width="${7 * m}" height="${7 * m}" fill="#111827"/><rect x="${qx + x * m + m}" y="${qy + y * m + m}" width="${5 * m}" height="${5 * m}" fill="#ffffff"/><rect x="${qx + x * m + 2 * m}" y="${qy + y * m + 2 * m}" width="${3 * m}" height="${3 * m}" fill="#111827"/>`;
  const row = (y: number, label: string, value: string, strong = false) =>
    `${text(44, y, label, { size: 16, fill: '#6b7280' })}${text(436, y, value, { size: strong ? 26 : 17, weight: strong ? 600 : 500, fill: '#111827', anchor: 'end', max: 250 })}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="664" viewBox="0 0 480 664">
<rect width="480" height="664" fill="#eef1f4"/><rect width="480" height="140" fill="${brand}"/>
${text(32, 56, art.bankCode, { size: 34, weight: 600, fill: ink, spacing: 1 })}${text(32, 84, art.bankName, { size: 16, fill: ink, opacity: 0.9, max: 416 })}
<rect x="20" y="104" width="440" height="546" rx="18" fill="#ffffff"/>
<circle cx="240" cy="148" r="28" fill="#16a34a"/><path d="M226 148L236 158L255 137" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
${text(240, 204, 'Transfer successful', { size: 22, weight: 600, fill: '#111827', anchor: 'middle' })}
${text(240, 228, bangkok(art.transferredAt), { size: 15, fill: '#6b7280', anchor: 'middle' })}
<path d="M44 246H436" stroke="#e5e7eb" stroke-width="2"/>
${text(44, 272, 'From', { size: 14, fill: '#6b7280' })}${text(44, 296, art.payer, { size: 19, weight: 500, fill: '#111827', max: 392 })}${text(44, 316, `${art.bankCode} ${acct()}`, { size: 14, fill: '#6b7280' })}
<path d="M58 326V344M51 337L58 344L65 337" fill="none" stroke="#9ca3af" stroke-width="3" stroke-linecap="round"/>
${text(44, 366, 'To', { size: 14, fill: '#6b7280' })}${text(44, 390, art.payee, { size: 19, weight: 500, fill: '#111827', max: 392 })}${text(44, 410, `SCB ${acct()}`, { size: 14, fill: '#6b7280' })}
<path d="M44 426H436" stroke="#e5e7eb" stroke-width="2"/>
${row(460, 'Amount', `฿${money(art.amount)}`, true)}${row(488, 'Fee', '0.00')}${row(512, 'Memo', art.orderNo)}
${modules.length ? `<path d="${modules.join('')}" fill="#111827"/>` : ''}${eye(0, 0)}${eye(N - 7, 0)}${eye(0, N - 7)}
${text(170, 560, 'Ref. no.', { size: 14, fill: '#6b7280' })}${text(170, 584, ref, { size: 15, weight: 500, fill: '#111827', max: 266 })}
${text(170, 614, 'Scan to verify this slip', { size: 13, fill: '#9ca3af' })}
</svg>`;
}

// ——— blog covers ———

export interface CoverArt {
  type: string;
  title: string;
  shopName: string;
  product: ProductArt | null;
}

const COVER_COLOURS: Record<string, [string, string, string]> = {
  idea: ['#0f766e', '#14b8a6', 'IDEAS'],
  howto: ['#c2410c', '#fb923c', 'HOW-TO'],
  review: ['#5b21b6', '#8b5cf6', 'REVIEW'],
  news: ['#b91c1c', '#f87171', 'NEWS'],
};

/** A 960×400 banner (drawn on 1200×500): type, title, shop, and the featured product on a round stage. */
export function blogCover(art: CoverArt, rand: Rand): string {
  const [from, to, label] = COVER_COLOURS[art.type] ?? ['#1f2937', '#4b5563', art.type.toUpperCase()];
  const lines = wrap(art.title, 50, 580, 3);
  const top = 256 - (lines.length - 1) * 30;
  const stage = art.product
    ? `<g transform="translate(1010 250) scale(0.5) translate(-300 -260)">${productShape(art.product, paintOf(art.product, rand))}</g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="400" viewBox="0 0 1200 500">${DEFS}
<rect width="1200" height="500" fill="${from}"/><circle cx="1010" cy="250" r="290" fill="${to}"/><circle cx="1010" cy="250" r="232" fill="#ffffff" opacity=".12"/><circle cx="${90 + rand() * 60}" cy="${470 + rand() * 30}" r="120" fill="#ffffff" opacity=".07"/>
<circle cx="1010" cy="250" r="176" fill="#ffffff" opacity=".95"/>${stage}
<rect x="64" y="60" width="${textWidth(label, 18) + 46}" height="40" rx="20" fill="#ffffff" opacity=".2"/>${text(87, 87, label, { size: 18, weight: 600, fill: '#ffffff', spacing: 2 })}
${lines.map((l, i) => text(64, top + i * 60, l, { size: 50, weight: 600, fill: '#ffffff', max: 600 })).join('')}
${text(64, 444, art.shopName, { size: 24, fill: '#ffffff', opacity: 0.88, max: 640 })}
</svg>`;
}
