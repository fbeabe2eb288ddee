import { useId } from 'react';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { frenchNumber } from '@/lib/french-number';
import { type Montants, type MontantsDuMois, nomDuMois } from '../annee-sante';
import styles from './annee-sante.module.css';

/**
 * The year's spending as 12 stacked bars, hand-drawn in SVG rather than with a chart library:
 * the bundle has a budget, and rectangles on a scale are all this needs. The drawing is in
 * viewBox units and scales with the page's width; screen readers get a summary as the image's
 * name, and the month table below gives every figure.
 */

const width = 360;
const height = 220;
const margin = { top: 10, right: 6, bottom: 22, left: 66 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;
const slot = plotWidth / 12;
const barWidth = slot * 0.6;

/** Bottom to top, in the order of the tables' columns and of the legend. */
const segments = [
  { key: 'secu', className: styles.secu },
  { key: 'mutuelle', className: styles.mutuelle },
  { key: 'resteACharge', className: styles.resteACharge },
] as const;

/** A month's bar: each segment from the sum of those below it to that plus its own amount. */
function stack(mois: Montants) {
  let base = 0;
  return segments.map((segment) => {
    // A negative amount (a regularisation) has no height to draw.
    const from = base;
    base += Math.max(0, mois[segment.key]);
    return { ...segment, from, to: base };
  });
}

/** About four gridlines, each a round amount: 1, 2 or 5 times a power of ten. */
function graduation(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5].map((factor) => factor * power).find((step) => step >= rough) ?? 10 * power;
}

/** A gridline's amount: "500 €", "2,5 €", whole euros without decimals. */
function tickAmount(amount: number): string {
  return `${frenchNumber(amount, { min: 0, max: 2 })}\u00a0€`;
}

interface AnneeSanteChartProps {
  annee: number;
  parMois: readonly MontantsDuMois[];
  total: Montants;
}

export function AnneeSanteChart({ annee, parMois, total }: AnneeSanteChartProps) {
  const titleId = useId();
  const plusCher = parMois.reduce((max, mois) => (mois.depense > max.depense ? mois : max));
  const bars = parMois.map((mois) => ({ mois: mois.mois, segments: stack(mois) }));
  const tallest = Math.max(...bars.map((bar) => bar.segments.at(-1)?.to ?? 0));
  // A year whose lines are all at 0 € still draws its axis.
  const step = graduation(tallest > 0 ? tallest : 1);
  const tickCount = Math.max(1, Math.ceil(tallest / step));
  const top = step * tickCount;
  const y = (amount: number) => margin.top + plotHeight * (1 - amount / top);
  const label = t('anneeSante.chart.label', {
    annee,
    depense: formatAmount(total.depense),
    secu: formatAmount(total.secu),
    mutuelle: formatAmount(total.mutuelle),
    resteACharge: formatAmount(total.resteACharge),
    mois: nomDuMois(plusCher.mois),
    moisDepense: formatAmount(plusCher.depense),
  });

  return (
    <div className={styles.chartArea}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${String(width)} ${String(height)}`}
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{label}</title>
        {Array.from({ length: tickCount + 1 }, (_, index) => {
          const amount = index * step;
          return (
            <g key={index}>
              <line
                className={styles.gridline}
                x1={margin.left}
                x2={width - margin.right}
                y1={y(amount)}
                y2={y(amount)}
              />
              <text x={margin.left - 6} y={y(amount)} textAnchor="end" dominantBaseline="middle">
                {tickAmount(amount)}
              </text>
            </g>
          );
        })}
        {bars.map((bar) => {
          const x = margin.left + bar.mois * slot + (slot - barWidth) / 2;
          return (
            <g key={bar.mois}>
              {bar.segments.map(
                ({ key, className, from, to }) =>
                  to > from && (
                    <rect
                      key={key}
                      className={[styles.segment, className].join(' ')}
                      x={x}
                      width={barWidth}
                      y={y(to)}
                      height={y(from) - y(to)}
                    />
                  ),
              )}
              <text x={x + barWidth / 2} y={height - 6} textAnchor="middle">
                {nomDuMois(bar.mois, 'narrow')}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className={styles.legend} aria-label={t('anneeSante.chart.legend')}>
        {segments.map(({ key, className }) => (
          <li key={key}>
            <span className={[styles.swatch, className].join(' ')} aria-hidden="true" />
            {t(`anneeSante.montant.${key}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
