import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

/** Axis steps of a count: never a fraction of a booking. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * One chart of daily figures (uPlot on a canvas): a line with points per series over the
 * period's days, and uPlot's live legend giving the day's numbers under the pointer.
 * `format` writes a value as the person reads it (counts, R$).
 */
export function TimeChart(props: {
  dates: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** counts: the value axis is marked at whole numbers only */
  whole?: boolean;
  height?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const { dates, series, format } = props;
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: Math.max(320, element.clientWidth),
      height: props.height ?? 220,
      scales: { x: { time: false } },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: 'Dia', value: (_chart, index) => (index === null ? '—' : dayMonth(dates[index] ?? '')) },
        ...series.map((each) => ({
          label: each.label,
          stroke: each.color,
          width: 2,
          points: { show: true, size: 6, fill: each.color },
          value: (_chart: uPlot, value: number | null) => (value === null ? '—' : format(value)),
        })),
      ],
      axes: [
        { values: (_chart, splits) => splits.map((split) => (Number.isInteger(split) ? dayMonth(dates[split] ?? '') : '')) },
        {
          values: (_chart, splits) => splits.map((split) => format(split)),
          size: 70,
          ...(props.whole ? { incrs: WHOLE_STEPS } : {}),
        },
      ],
    };
    const chart = new uPlot(options, [dates.map((_date, index) => index), ...series.map((each) => each.values)], element);
    const resize = () => chart.setSize({ width: Math.max(320, element.clientWidth), height: props.height ?? 220 });
    addEventListener('resize', resize);
    return () => {
      removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [dates, series, format, props.whole, props.height]);
  return <div class="time-chart" ref={host} />;
}
