// Small SVG charts for the Simulate view: vertical bars, horizontal bars, histograms. Plain SVG scaled to the
// panel's width (no chart library: a few rectangles and labels, no canvas, nothing the CSP would refuse).
import type { ComponentChildren } from 'preact';

export interface Bar {
  label: string;
  value: number;
  /** a 95% interval around the value, drawn as a whisker */
  low?: number;
  high?: number;
  /** shown on the bar instead of the value */
  text?: string;
  title?: string;
  onClick?: () => void;
  tone?: number;
}

const PALETTE = ['#c2662d', '#2f7d8c', '#7a3e9d', '#5b8c2a', '#b8860b', '#9c3d54', '#3d5a9c', '#6b6b6b'];
export const toneColor = (i: number): string => PALETTE[i % PALETTE.length]!;

export function ChartCard({ title, children, testId, note }: { title: string; children: ComponentChildren; testId?: string; note?: string }) {
  return (
    <figure class="chart" data-testid={testId}>
      <figcaption>
        {title}
        {note && <span class="muted"> · {note}</span>}
      </figcaption>
      {children}
    </figure>
  );
}

/** The room around a chart's plot, so that its first and last labels are not cut off at the edges. */
const SIDE = 18;

/** Vertical bars, one per item, value labels on top, a whisker for an interval. */
export function ColumnChart({ bars, max, format }: { bars: Bar[]; max?: number; format?: (v: number) => string }) {
  const width = 360;
  const height = 160;
  const top = 28;
  const bottom = 30;
  const top1 = max ?? Math.max(1e-9, ...bars.map((b) => Math.max(b.value, b.high ?? 0)));
  const slot = width / Math.max(1, bars.length);
  const bw = Math.min(56, slot * 0.7);
  const yOf = (v: number): number => height - bottom - ((height - top - bottom) * Math.max(0, v)) / top1;
  return (
    <svg viewBox={`${-SIDE} 0 ${width + 2 * SIDE} ${height}`} class="svg-chart" role="img">
      <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} class="axis" />
      {bars.map((b, i) => {
        const y = yOf(b.value);
        const h = height - bottom - y;
        const x = i * slot + (slot - bw) / 2;
        const whisker = b.low !== undefined && b.high !== undefined;
        const labelY = Math.min(y, whisker ? yOf(b.high!) : y) - 4;
        return (
          <g key={b.label} class={b.onClick ? 'clickable' : ''} onClick={b.onClick}>
            <title>{b.title ?? `${b.label}: ${format ? format(b.value) : b.value}`}</title>
            <rect x={x} y={y} width={bw} height={Math.max(0.5, h)} rx="3" fill={toneColor(b.tone ?? i)} />
            {whisker && (
              <g class="whisker" data-testid="interval">
                <line x1={x + bw / 2} x2={x + bw / 2} y1={yOf(b.low!)} y2={yOf(b.high!)} />
                <line x1={x + bw / 2 - 6} x2={x + bw / 2 + 6} y1={yOf(b.low!)} y2={yOf(b.low!)} />
                <line x1={x + bw / 2 - 6} x2={x + bw / 2 + 6} y1={yOf(b.high!)} y2={yOf(b.high!)} />
              </g>
            )}
            <text x={x + bw / 2} y={labelY} class="bar-value" text-anchor="middle">
              {b.text ?? (format ? format(b.value) : String(b.value))}
            </text>
            <text x={x + bw / 2} y={height - bottom + 14} class="bar-label" text-anchor="middle">
              {b.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Horizontal bars with their labels on the left: for named things (end reasons, rules). */
export function BarList({ bars, format, max }: { bars: Bar[]; format?: (v: number) => string; max?: number }) {
  const top1 = max ?? Math.max(1e-9, ...bars.map((b) => b.value));
  return (
    <ul class="bar-list">
      {bars.map((b, i) => (
        <li key={b.label} title={b.title}>
          {b.onClick ? (
            <button class="bar-name link" onClick={b.onClick}>
              {b.label}
            </button>
          ) : (
            <span class="bar-name">{b.label}</span>
          )}
          <span class="bar-track">
            <span class="bar-fill" style={{ width: `${(100 * b.value) / top1}%`, background: toneColor(b.tone ?? i) }} />
          </span>
          <span class="bar-num">{b.text ?? (format ? format(b.value) : String(b.value))}</span>
        </li>
      ))}
    </ul>
  );
}

/** A histogram of integer values (value → games), grouped into at most `maxBins` bins of equal width. */
export function Histogram({ counts, maxBins = 24, tone = 1, unit }: { counts: { value: number; games: number }[]; maxBins?: number; tone?: number; unit?: string }) {
  if (counts.length === 0) return <p class="muted">no games</p>;
  const lo = counts[0]!.value;
  const hi = counts[counts.length - 1]!.value;
  const span = hi - lo + 1;
  const binWidth = Math.max(1, Math.ceil(span / maxBins));
  const bins = Math.ceil(span / binWidth);
  const heights = new Array<number>(bins).fill(0);
  for (const c of counts) heights[Math.floor((c.value - lo) / binWidth)]! += c.games;
  const width = 360;
  const height = 140;
  const bottom = 26;
  const top = 10;
  const peak = Math.max(...heights);
  const w = width / bins;
  const label = (k: number): string => (binWidth === 1 ? String(lo + k) : `${lo + k * binWidth}–${lo + (k + 1) * binWidth - 1}`);
  const every = Math.max(1, Math.ceil(bins / 8));
  return (
    <svg viewBox={`${-SIDE} 0 ${width + 2 * SIDE} ${height}`} class="svg-chart" role="img">
      <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} class="axis" />
      {heights.map((g, k) => {
        const h = ((height - top - bottom) * g) / Math.max(1, peak);
        return (
          <g key={k}>
            <title>{`${label(k)}${unit ? ` ${unit}` : ''}: ${g} game${g === 1 ? '' : 's'}`}</title>
            <rect x={k * w + 1} y={height - bottom - h} width={Math.max(1, w - 2)} height={Math.max(0.5, h)} rx="2" fill={toneColor(tone)} opacity="0.85" />
            {k % every === 0 && (
              <text x={k * w + w / 2} y={height - bottom + 14} class="bar-label" text-anchor="middle">
                {binWidth === 1 ? String(lo + k) : String(lo + k * binWidth)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
