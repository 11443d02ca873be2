import type { DayCount } from "../../modules/console/dashboard";

const short = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * Orders per day for 30 days as bars, drawn in SVG on the server (no chart library: 30 bars
 * are a few lines). The table beside it says the same in words for screen readers.
 */
export function OrdersChart({ series }: { series: DayCount[] }) {
  const most = Math.max(1, ...series.map((d) => d.orders));
  const width = 600;
  const height = 160;
  const bar = width / series.length;
  const first = series[0];
  const last = series.at(-1);
  return (
    <figure className="console-chart-figure">
      <svg className="console-chart" viewBox={`0 0 ${width} ${height + 20}`} aria-hidden="true">
        {series.map((d, i) => {
          const h = Math.round((d.orders / most) * height);
          return (
            <rect key={d.day} x={i * bar + 2} y={height - h} width={bar - 4} height={h} fill="#2f6fde" rx={2}>
              <title>
                {d.day}: {d.orders}
              </title>
            </rect>
          );
        })}
        <line x1={0} x2={width} y1={height} y2={height} stroke="#c3c8d0" />
        {first ? (
          <text x={2} y={height + 15} fontSize={12} fill="#4a4f57">
            {short.format(new Date(first.day))}
          </text>
        ) : null}
        {last ? (
          <text x={width - 2} y={height + 15} fontSize={12} fill="#4a4f57" textAnchor="end">
            {short.format(new Date(last.day))}
          </text>
        ) : null}
      </svg>
      <figcaption>
        <p className="muted">
          {series.reduce((n, d) => n + d.orders, 0)} orders in 30 days; the busiest day had {most}.
        </p>
        <details>
          <summary>Orders per day, as a table</summary>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <td>{short.format(new Date(d.day))}</td>
                  <td>{d.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
